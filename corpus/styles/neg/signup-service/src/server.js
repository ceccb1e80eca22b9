'use strict';

const express = require('express');
const uuidv4 = require('uuid/v4');
const { validationResult } = require('express-validator/check');
const { checks, validateRegistration } = require('./validation');
const storage = require('./storage');

const app = express();
app.use(express.json({ limit: '2mb' }));

app.use((req, res, next) => {
  req.id = req.get('X-Request-Id') || uuidv4();
  res.set('X-Request-Id', req.id);
  next();
});

app.post('/v4/registrations', checks, async (req, res, next) => {
  const errors = validationResult(req);
  if (!errors.isEmpty()) {
    return res.status(422).json({ errors: errors.array() });
  }
  const { error, value } = validateRegistration(req.body);
  if (error) {
    return res.status(400).json({ errors: error.details.map(d => d.message) });
  }
  try {
    if (value.avatar) {
      value.avatarUrl = await storage.saveAvatar(Buffer.from(value.avatar, 'base64'), 'image/png');
    }
    await storage.logSignup(value);
    await storage.shareWelcomePack(value.email);
    res.status(201).json({ id: value.id || req.id });
  } catch (err) {
    next(err);
  }
});

app.listen(process.env.PORT || 3000);
