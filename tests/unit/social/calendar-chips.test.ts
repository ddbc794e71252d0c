import { describe, expect, it } from "vitest";
import { chipsHtml } from "../../../app/components/social/calendar-chips.ts";

const post = {
  id: "01JABCDEFGHJKMNPQRSTVWXYZ0",
  at: "2026-11-26T12:00:00.000Z",
  legenda: `Casa <script>alert("x")</script> & 'sala'`,
  redes: "facebook:agendado,instagram:publicado,twitter:<b>",
  movable: true,
  hora: "09:00",
};

describe("calendar chips as HTML text", () => {
  it("escapes the caption everywhere it goes and keeps each network's mark and the move button", () => {
    const html = chipsHtml([post], "/posts", () => true);
    expect(html).not.toContain("<script>");
    expect(html).toContain("Casa &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;sala&#39;");
    expect(html).toContain('aria-label="Mover “Casa &lt;script&gt;alert(&quot;x&quot;)&lt;/script…”"');
    expect(html).toContain('aria-label="Facebook: Agendado" role="img">FB ◷</span>');
    expect(html).toContain('aria-label="Instagram: Publicado" role="img">IG ✓</span>');
    expect(html).not.toContain("twitter");
    expect(html).toContain(
      `<li data-post="${post.id}" tabindex="0" draggable="true" aria-describedby="calendario-ajuda" class="cal-chip">`,
    );
    expect(html).toContain(`<a href="/posts/${post.id}"><b>09:00</b> `);
  });

  it("leaves a post that may not move without drag, focus stop or button", () => {
    const html = chipsHtml([post], "/posts", () => false);
    expect(html).not.toMatch(/draggable|tabindex|data-move|<button/);
  });
});
