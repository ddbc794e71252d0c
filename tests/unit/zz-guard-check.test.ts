import { expect, it } from "vitest";
import { allowConsoleError } from "../support/console-guard.ts";
it("fails on console.error", () => { console.error("boom unexpected"); expect(1).toBe(1); });
it("passes when allowed", () => { allowConsoleError(/boom/); console.error("boom expected"); });
