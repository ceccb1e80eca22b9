'use strict';

const AWS = require('aws-sdk');
const uuidv4 = require('uuid/v4');
const { google } = require('googleapis');

const s3 = new AWS.S3({ signatureVersion: 'v4', region: process.env.AWS_REGION || 'eu-central-1' });
const BUCKET = process.env.AVATAR_BUCKET || 'signup-avatars';

const auth = new google.auth.GoogleAuth({
  keyFile: process.env.GOOGLE_APPLICATION_CREDENTIALS,
  scopes: ['https://www.googleapis.com/auth/spreadsheets', 'https://www.googleapis.com/auth/drive']
});
const sheets = google.sheets({ version: 'v4', auth });
const drive = google.drive({ version: 'v3', auth });

exports.saveAvatar = async function saveAvatar(buffer, contentType) {
  const key = `avatars/${uuidv4()}`;
  await s3.putObject({ Bucket: BUCKET, Key: key, Body: buffer, ContentType: contentType }).promise();
  return s3.getSignedUrl('getObject', { Bucket: BUCKET, Key: key, Expires: 3600 });
};

exports.logSignup = function logSignup(registration) {
  return sheets.spreadsheets.values.append({
    spreadsheetId: process.env.SIGNUP_SHEET_ID,
    range: 'Signups!A:D',
    valueInputOption: 'USER_ENTERED',
    requestBody: { values: [[new Date().toISOString(), registration.email, registration.name, registration.partnerIp || '']] }
  });
};

exports.shareWelcomePack = function shareWelcomePack(email) {
  return drive.permissions.create({
    fileId: process.env.WELCOME_PACK_FILE_ID,
    requestBody: { type: 'user', role: 'reader', emailAddress: email },
    sendNotificationEmail: true
  });
};

// The Drive v3 REST endpoint, used directly by the health check (no client library there).
exports.DRIVE_FILES_URL = 'https://www.googleapis.com/drive/v3/files';
