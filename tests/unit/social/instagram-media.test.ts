import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  carouselPlans,
  centerCrop,
  clampRatio,
  fitsRatio,
  INSTAGRAM_MAX_RATIO,
  INSTAGRAM_MIN_RATIO,
  instagramRatio,
  publishPlan,
} from "../../../shared/social/instagram-media.ts";

/** Instagram's range (4:5 to 1.91:1), crops and the carousel rule (ADR 042). */
describe("Instagram crop", () => {
  it("keeps a photo already inside the range whole, 1080 px wide, never enlarged", () => {
    expect(publishPlan({ width: 1600, height: 1200 })).toEqual({
      crop: { x: 0, y: 0, width: 1600, height: 1200 },
      output: { width: 1080, height: 810 },
    });
    // 4:5 exactly and 1.91:1 exactly stay whole.
    expect(publishPlan({ width: 1600, height: 2000 }).crop).toEqual({ x: 0, y: 0, width: 1600, height: 2000 });
    expect(publishPlan({ width: 1910, height: 1000 }).crop).toEqual({ x: 0, y: 0, width: 1910, height: 1000 });
    // A narrow original keeps its own width.
    expect(publishPlan({ width: 800, height: 600 }).output).toEqual({ width: 800, height: 600 });
  });

  it("cuts top and bottom of a tall phone photo to 4:5, and the sides of a panorama to 1.91:1, centred", () => {
    // 9:16 portrait at 1600 px wide (1600 × 2844): 4:5 keeps 2000 px of height, 422 cut above.
    expect(publishPlan({ width: 1600, height: 2844 })).toEqual({
      crop: { x: 0, y: 422, width: 1600, height: 2000 },
      output: { width: 1080, height: 1350 },
    });
    // 3:1 panorama: 1.91 × 400 = 764 px of width kept, centred.
    expect(publishPlan({ width: 1200, height: 400 })).toEqual({
      crop: { x: 218, y: 0, width: 764, height: 400 },
      output: { width: 764, height: 400 },
    });
  });

  it("clamps ratios to the range", () => {
    expect(clampRatio(0.5)).toBe(INSTAGRAM_MIN_RATIO);
    expect(clampRatio(3)).toBe(INSTAGRAM_MAX_RATIO);
    expect(clampRatio(4 / 3)).toBe(4 / 3);
    expect(instagramRatio({ width: 1080, height: 1920 })).toBe(0.8);
  });

  it("crops a carousel's slides to the first slide's ratio (clamped), each centred", () => {
    const plans = carouselPlans([
      { width: 1600, height: 1200 },
      { width: 1600, height: 2844 },
      { width: 1200, height: 400 },
    ]);
    expect(plans.map((p) => p.output)).toEqual([
      { width: 1080, height: 810 },
      { width: 1080, height: 810 },
      { width: 533, height: 400 },
    ]);
    expect(plans[1]?.crop).toEqual({ x: 0, y: 822, width: 1600, height: 1200 });
    expect(plans[2]?.crop).toEqual({ x: 333, y: 0, width: 533, height: 400 });
    // A tall first slide makes every slide 4:5.
    const portrait = carouselPlans([
      { width: 1000, height: 3000 },
      { width: 1600, height: 1200 },
    ]);
    expect(portrait.every((p) => fitsRatio(p.output, 0.8))).toBe(true);
    expect(carouselPlans([])).toEqual([]);
  });

  it("always answers a crop inside the photo, at the target ratio within a pixel, and an output inside Instagram's range", () => {
    const size = fc.record({ width: fc.integer({ min: 1, max: 1600 }), height: fc.integer({ min: 1, max: 4096 }) });
    fc.assert(
      fc.property(size, fc.double({ min: 0.3, max: 4, noNaN: true }), (s, wanted) => {
        const ratio = clampRatio(wanted);
        const crop = centerCrop(s, ratio);
        expect(crop.x).toBeGreaterThanOrEqual(0);
        expect(crop.y).toBeGreaterThanOrEqual(0);
        expect(crop.x + crop.width).toBeLessThanOrEqual(s.width);
        expect(crop.y + crop.height).toBeLessThanOrEqual(s.height);
        expect(crop.width === s.width || crop.height === s.height).toBe(true);
        // Big enough to have a ratio at all (not 1 px): within a pixel of it.
        if (crop.width > 20 && crop.height > 20) expect(fitsRatio(crop, ratio)).toBe(true);
        const { output } = publishPlan(s, wanted);
        expect(output.width).toBeLessThanOrEqual(1080);
        if (output.width > 50 && output.height > 50) {
          expect(output.width / output.height).toBeGreaterThanOrEqual(INSTAGRAM_MIN_RATIO - 0.02);
          expect(output.width / output.height).toBeLessThanOrEqual(INSTAGRAM_MAX_RATIO + 0.02);
        }
      }),
    );
  });
});
