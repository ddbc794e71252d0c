import { useId, useState } from "react";
import { Button } from "../ui/button.tsx";

/**
 * A read-only value with a "Copiar" button (feed URL, webhook credentials). Without the
 * clipboard API (old browser, no HTTPS) the text is selected so the person copies it by hand.
 */
export function CopyField({ label, value, secret = false }: { label: string; value: string; secret?: boolean }) {
  const id = useId();
  const [status, setStatus] = useState("");
  async function copy() {
    const input = document.getElementById(id) as HTMLInputElement | null;
    try {
      await navigator.clipboard.writeText(value);
      setStatus("Copiado.");
    } catch {
      input?.select();
      setStatus("Selecionado: copie com Ctrl+C (ou toque e segure).");
    }
  }
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          className={`input min-w-0 flex-1 font-mono text-sm ${secret ? "tracking-tight" : ""}`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="secondary" onClick={copy}>
          Copiar<span className="sr-only"> {label}</span>
        </Button>
      </div>
      <p role="status" className="min-h-5 text-xs text-fg-soft">
        {status}
      </p>
    </div>
  );
}
