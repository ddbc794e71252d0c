import { describe, expect, it } from "vitest";
import {
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  PASSWORD_PARAMS,
  passwordParams,
  TEST_PASSWORD_PARAMS,
  verifyPassword,
} from "../../../worker/auth/password.ts";

describe("password hash cost", () => {
  it("is OWASP's everywhere but APP_ENV=test on a local database", () => {
    const at = (APP_ENV: "development" | "test" | "production", DATABASE_URL: string) => passwordParams({ APP_ENV, DATABASE_URL });
    expect(at("production", "libsql://alicerce.turso.io")).toEqual(PASSWORD_PARAMS);
    expect(at("development", "http://127.0.0.1:8080")).toEqual(PASSWORD_PARAMS);
    // A deployed Worker wrongly set to "test" still talks to a remote database: full cost.
    expect(at("test", "libsql://alicerce.turso.io")).toEqual(PASSWORD_PARAMS);
    expect(at("test", "https://127.0.0.1.example.com")).toEqual(PASSWORD_PARAMS);
    expect(at("test", "http://localhost.example.com:8080")).toEqual(PASSWORD_PARAMS);
    expect(at("test", "http://127.0.0.1:8080")).toEqual(TEST_PASSWORD_PARAMS);
    expect(at("test", "http://localhost:9000/")).toEqual(TEST_PASSWORD_PARAMS);
    expect(at("test", "file:/tmp/x.db")).toEqual(TEST_PASSWORD_PARAMS);
    expect(PASSWORD_PARAMS).toEqual({ m: 19456, t: 2, p: 1 });
  });

  it("hashes at production cost by default, and verifies hashes of either cost", () => {
    const strong = hashPassword("senha-forte-1");
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(verifyPassword("senha-forte-1", strong)).toBe(true);
    expect(verifyPassword("senha-errada", strong)).toBe(false);
    const cheap = hashPassword("senha-forte-1", TEST_PASSWORD_PARAMS);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(verifyPassword("senha-forte-1", cheap)).toBe(true);
    expect(verifyPassword("senha-errada", cheap)).toBe(false);
    // A cheap hash that reached production would be upgraded at its next login.
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(cheap, TEST_PASSWORD_PARAMS)).toBe(false);
    expect(needsRehash(strong)).toBe(false);
  });

  it("verifies unknown e-mails against a dummy hash of the same cost", () => {
    expect(dummyPasswordHash()).toMatch(/m=19456,t=2,p=1/);
    expect(dummyPasswordHash(TEST_PASSWORD_PARAMS)).toMatch(/m=64,t=1,p=1/);
  });
});
