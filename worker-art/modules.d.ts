// What the art Worker's bundler (wrangler: `rules` in worker-art/wrangler.toml) makes of these files.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.woff" {
  const bytes: ArrayBuffer;
  export default bytes;
}
