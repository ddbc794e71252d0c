import { describe, expect, it } from "vitest";
import { isAllowedExternal, safeRedirectPath } from "../../app/lib/safe-redirect.ts";

describe("safeRedirectPath — accepted local paths", () => {
  it.each([
    ["/", "/"],
    ["/clientes", "/clientes"],
    ["/clients/123/edit", "/clients/123/edit"],
    ["/x?y#z", "/x?y#z"],
    ["/relatorio?inicio=2026-01-01&fim=2026-01-31#grafico", "/relatorio?inicio=2026-01-01&fim=2026-01-31#grafico"],
    ["/busca?q=100%", "/busca?q=100%"],
    ["/imoveis?bairro=S%C3%A3o%20Paulo", "/imoveis?bairro=S%C3%A3o%20Paulo"],
    ["/login?next=//evil.com", "/login?next=//evil.com"],
    ["/a/../b", "/b"],
    ["/a/./b", "/a/b"],
    ["/ação", "/a%C3%A7%C3%A3o"],
  ])("%j → %j", (input, expected) => expect(safeRedirectPath(input)).toBe(expected));
});

describe("safeRedirectPath — refused", () => {
  it.each([
    ["protocol-relative", "//evil.com"],
    ["protocol-relative with path", "//evil.com/clientes"],
    ["backslash", "/\\evil.com"],
    ["double backslash", "\\\\evil.com"],
    ["backslash later in path", "/clientes\\..\\..\\evil"],
    ["absolute http", "http://evil.com"],
    ["absolute https", "https://evil.com/x"],
    ["scheme-relative mixed", "https:/evil.com"],
    ["javascript", "javascript:alert(1)"],
    ["data url", "data:text/html,<script>alert(1)</script>"],
    ["relative without slash", "clientes"],
    ["leading space", " /clientes"],
    ["encoded //", "/%2F%2Fevil.com"],
    ["encoded / at start", "%2F%2Fevil.com"],
    ["encoded slash after slash", "/%2fevil.com"],
    ["encoded backslash", "/%5Cevil.com"],
    ["double-encoded //", "/%252F%252Fevil.com"],
    ["double-encoded backslash", "/%255Cevil.com"],
    ["tab that browsers strip", "/\t/evil.com"],
    ["newline", "/\n/evil.com"],
    ["carriage return", "/clientes\r\nSet-Cookie: x=1"],
    ["encoded newline", "/clientes%0d%0aSet-Cookie:x=1"],
    ["NUL", "/clientes\u0000"],
    ["DEL", "/clientes\u007f"],
    ["dot segments collapsing into //", "/.//evil.com"],
    ["encoded dot segments collapsing into //", "/%2e//evil.com"],
    ["empty", ""],
    ["too long", `/${"a".repeat(3000)}`],
  ])("%s: %j", (_, input) => expect(safeRedirectPath(input)).toBe("/"));

  it("refuses null and undefined", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(42 as unknown as string)).toBe("/");
  });

  it("returns the given fallback", () => {
    expect(safeRedirectPath("//evil.com", "/login")).toBe("/login");
    expect(safeRedirectPath(null, "/dashboard")).toBe("/dashboard");
  });

  it("never returns something a browser would resolve to another origin", () => {
    const tricky = ["/\\/evil", "/%5C/evil", "/.%2F/evil", "/..//evil", "/%2E%2E//evil", "///evil", "/%09/evil"];
    for (const input of tricky) {
      const out = safeRedirectPath(input, "/fallback");
      expect(new URL(out, "https://app.test").origin, input).toBe("https://app.test");
      expect(out.startsWith("//"), input).toBe(false);
    }
  });
});

describe("isAllowedExternal", () => {
  const allow = ["https://wa.me", "https://www.instagram.com/oauth", "facebook.com", "*.facebook.com", "http://localhost:5173"];

  it.each([
    "https://wa.me/5511912345678",
    "https://wa.me",
    "https://www.instagram.com/oauth/authorize?client_id=1",
    "https://www.instagram.com/oauth",
    "https://facebook.com/dialog/oauth",
    "https://www.facebook.com/v20.0/dialog/oauth",
    "https://m.facebook.com/",
    "http://localhost:5173/x",
    "HTTPS://WA.ME/55",
  ])("allows %s", (url) => expect(isAllowedExternal(url, allow)).toBe(true));

  it.each([
    ["not on the list", "https://evil.com"],
    ["lookalike suffix", "https://evilfacebook.com"],
    ["lookalike subdomain", "https://facebook.com.evil.com"],
    ["http for a bare host", "http://facebook.com"],
    ["http for an https origin", "http://wa.me/55"],
    ["other port", "https://facebook.com:8443/"],
    ["outside the path prefix", "https://www.instagram.com/evil"],
    ["path prefix lookalike", "https://www.instagram.com/oauthevil"],
    ["credentials", "https://user:pass@wa.me/55"],
    ["username only", "https://facebook.com@evil.com"],
    ["javascript", "javascript:alert(1)"],
    ["data", "data:text/html,hi"],
    ["relative", "/clientes"],
    ["garbage", "not a url"],
    ["tab inside", "https://wa.\tme/55"],
  ])("refuses %s: %s", (_, url) => expect(isAllowedExternal(url, allow)).toBe(false));

  it("refuses everything with an empty allow list", () => {
    expect(isAllowedExternal("https://wa.me/55", [])).toBe(false);
  });

  it("accepts URL objects", () => {
    expect(isAllowedExternal(new URL("https://wa.me/55"), allow)).toBe(true);
  });

  it("a wildcard does not match the bare domain", () => {
    expect(isAllowedExternal("https://instagram.com/", ["*.instagram.com"])).toBe(false);
    expect(isAllowedExternal("https://www.instagram.com/", ["*.instagram.com"])).toBe(true);
  });
});
