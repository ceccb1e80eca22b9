'use strict';

// Routes still served by the Express router of the first Node version; the Nest app mounts
// this router with app.use(). Data comes from the release database (db.js).
const express = require('express');
const db = require('./db');

const router = express.Router();

router.get('/api/v3/projects', async (req, res, next) => {
  try {
    res.json(await db.projects.list({ owner: req.query.owned ? req.user.id : undefined }));
  } catch (err) {
    next(err);
  }
});

router.get('/api/v3/projects/:id', async (req, res, next) => {
  try {
    const project = await db.projects.get(Number(req.params.id));
    return project ? res.json(project) : res.status(404).json({ message: 'not found' });
  } catch (err) {
    next(err);
  }
});

// Builds reported by the CI hook for a project, newest first.
router.get('/api/v3/projects/:id/builds', async (req, res, next) => {
  try {
    const page = Math.max(0, Number(req.query.page) || 0);
    res.json(await db.builds.forProject(Number(req.params.id), { page, perPage: 50 }));
  } catch (err) {
    next(err);
  }
});

router.delete('/api/v3/projects/:id/star', async (req, res, next) => {
  try {
    await db.stars.remove(req.user.id, Number(req.params.id));
    res.status(204).end();
  } catch (err) {
    next(err);
  }
});

module.exports = router;
