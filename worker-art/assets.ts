import mozjpeg from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
import resvg from "@resvg/resvg-wasm/index_bg.wasm";
import yoga from "satori/yoga.wasm";
import type { EngineAssets } from "./engine.ts";
import inter400 from "./fonts/inter-latin-400-normal.woff";
import inter700 from "./fonts/inter-latin-700-normal.woff";
import lora400 from "./fonts/lora-latin-400-normal.woff";
import lora700 from "./fonts/lora-latin-700-normal.woff";
import montserrat400 from "./fonts/montserrat-latin-400-normal.woff";
import montserrat700 from "./fonts/montserrat-latin-700-normal.woff";
import playfair400 from "./fonts/playfair-display-latin-400-normal.woff";
import playfair700 from "./fonts/playfair-display-latin-700-normal.woff";

/**
 * The engine's files as the art Worker's modules: wasm imported as compiled modules (workerd
 * compiles no wasm from bytes at run time) and the fonts as data (worker-art/fonts.ts names them).
 */
export const WORKER_ASSETS: EngineAssets = {
  yoga,
  resvg,
  mozjpeg,
  fonts: {
    inter: { 400: inter400, 700: inter700 },
    montserrat: { 400: montserrat400, 700: montserrat700 },
    playfair: { 400: playfair400, 700: playfair700 },
    lora: { 400: lora400, 700: lora700 },
  },
};
