import express from 'express';

/** JSON bodies up to the document ceiling; anything bigger must be an upload. */
export const JSON_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

export const jsonBody = express.json({ limit: JSON_BODY_LIMIT_BYTES, type: ['application/json', 'application/*+json'] });
