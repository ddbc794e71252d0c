import { useState } from "react";
import { Button } from "../ui/button.tsx";

/** Copies a text and says so (to the eye and to a screen reader) for a moment. */
export function CopyButton({ text, label = "Copiar", what }: { text: string; label?: string; what: string }) {
  const [state, setState] = useState<"idle" | "ok" | "fail">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("ok");
    } catch {
      setState("fail");
    }
    window.setTimeout(() => setState("idle"), 2500);
  };
  return (
    <Button type="button" variant="secondary" onClick={() => void copy()} aria-label={`${label}: ${what}`}>
      <span aria-live="polite">{state === "ok" ? "Copiado!" : state === "fail" ? "Não deu para copiar" : label}</span>
    </Button>
  );
}
