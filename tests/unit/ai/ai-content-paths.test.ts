/** /ai-content repeats the API's paths and labels to keep zod out of its JavaScript: they must stay the same. */
import { describe, expect, it } from "vitest";
import { AI_PATHS } from "../../../app/components/ai/api.ts";
import { KIND, STATUS } from "../../../app/components/ai/recent-generations.tsx";
import {
  AI_GENERATION_PATHS,
  GENERATION_KIND,
  GENERATION_KINDS,
  GENERATION_STATUS,
  GENERATION_STATUSES,
} from "../../../shared/ai/generation-api.ts";
import { planDraftsPath } from "../../../shared/ai/plan-drafts.ts";

describe("the /ai-content page's API paths", () => {
  it("are the contract's", () => {
    expect(AI_PATHS.collection).toBe(AI_GENERATION_PATHS.collection);
    expect(AI_PATHS.one("x1")).toBe(AI_GENERATION_PATHS.one("x1"));
    expect(AI_PATHS.cancel("x1")).toBe(AI_GENERATION_PATHS.cancel("x1"));
    expect(AI_PATHS.drafts("x1")).toBe(planDraftsPath("x1"));
  });
});

describe("the /ai-content page's labels", () => {
  it("are the contract's", () => {
    for (const k of GENERATION_KINDS) expect(KIND[k]).toBe(GENERATION_KIND.label(k));
    for (const s of GENERATION_STATUSES) expect(STATUS[s]).toBe(GENERATION_STATUS.label(s));
  });
});
