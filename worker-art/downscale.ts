/**
 * RGBA pixels scaled down by area averaging: the display sizes (640, 320 px) come from the one
 * 1080 px raster instead of asking resvg to decode the photo again for each (its JPEG decoding is
 * most of a render's time).
 */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

export function downscale(source: Pixels, width: number): Pixels {
  if (width >= source.width) return source;
  const height = Math.max(1, Math.round((source.height * width) / source.width));
  const out = new Uint8Array(width * height * 4);
  const sx = source.width / width;
  const sy = source.height / height;
  const src = source.data;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let yy = y0; yy < y1; yy++) {
        let i = (yy * source.width + x0) * 4;
        for (let xx = x0; xx < x1; xx++, i += 4) {
          r += src[i] as number;
          g += src[i + 1] as number;
          b += src[i + 2] as number;
          a += src[i + 3] as number;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = a / n;
    }
  }
  return { data: out, width, height };
}
