// What the reports Worker's bundler (wrangler: `rules` in worker-reports/wrangler.toml) makes of these files.
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}
