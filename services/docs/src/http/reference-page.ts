import type { Request, Response } from 'express';

/** Where the renderer's own files are mounted. */
export const RENDERER_ASSETS = '/assets';
/** The script that starts the renderer. */
export const REFERENCE_SCRIPT = '/reference.js';

const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Music Distribution Service API reference</title>
    <link rel="icon" type="image/png" href="${RENDERER_ASSETS}/favicon-32x32.png">
    <link rel="stylesheet" href="${RENDERER_ASSETS}/swagger-ui.css">
  </head>
  <body>
    <div id="reference"></div>
    <script src="${RENDERER_ASSETS}/swagger-ui-bundle.js"></script>
    <script src="${REFERENCE_SCRIPT}"></script>
  </body>
</html>
`;

// A file of its own, not an inline script, so the page's policy can refuse every inline script.
const SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  displayOperationId: true,
  // Tags start closed: with every tag open the renderer virtualises the list, and a deep link to an
  // operation far down the page then scrolls to an estimate and never opens it.
  docExpansion: 'none',
  presets: [SwaggerUIBundle.presets.apis],
});
`;

/** GET /: the rendered reference of /openapi.json. */
export const referencePage = (_req: Request, res: Response): void => {
  res.type('html').send(PAGE);
};

/** GET /reference.js. */
export const referenceInitializer = (_req: Request, res: Response): void => {
  res.type('js').send(SCRIPT);
};
