'use strict';

const Joi = require('joi');
const validator = require('validator');
const { check } = require('express-validator/check');

// Registrations come from the web form and from partners' servers (those send their IP).
const registration = Joi.object().keys({
  id: Joi.string().guid({ version: ['uuidv4'] }),
  email: Joi.string().email().required(),
  name: Joi.string().min(2).max(80).required(),
  partnerIp: Joi.string().ip({ version: ['ipv4'], cidr: 'forbidden' }),
  callbackUrl: Joi.string().uri({ scheme: ['https'] }),
  apiVersion: Joi.string().valid('v3', 'v4').default('v4')
});

exports.validateRegistration = body => Joi.validate(body, registration, { abortEarly: false });

exports.isPartnerIp = ip => validator.isIP(ip, 4) && !validator.isIP(ip, 6);

exports.isRequestId = id => validator.isUUID(id, 4);

exports.checks = [
  check('email').isEmail().normalizeEmail(),
  check('id').optional().isUUID(4),
  check('partnerIp').optional().isIP(4),
  check('version').optional().isIn(['v3', 'v4'])
];
