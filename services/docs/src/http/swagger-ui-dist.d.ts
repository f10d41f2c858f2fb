// The renderer's package ships no types; this is the one function the docs service uses from it.
declare module 'swagger-ui-dist/absolute-path.js' {
  /** The directory holding the renderer's static files (swagger-ui-bundle.js, swagger-ui.css, …). */
  const getAbsoluteFSPath: () => string;
  export default getAbsoluteFSPath;
}
