import { useId, useMemo, useState } from "react";
import { formatBRL } from "../../../shared/format.ts";
import type { CheckoutPix } from "../../../shared/finance/pix-settings.ts";
import { pixCopiaECola } from "../../../shared/pix/br-code.ts";
import { PixError } from "../../../shared/pix/errors.ts";
import { pixQrSvg } from "../../../shared/pix/qr.ts";

/**
 * A Pix payment's static BR Code at the counter (ADR 068): the QR (SVG from shared/pix, no canvas:
 * Safari draws it like the others) and the "copia e cola" with a copy button, for exactly this
 * payment's amount, with the checkout's reference as txid. Loaded lazily: the QR code's module
 * (uqr) costs nothing on a sale without Pix.
 */
export default function PixCharge({ pix, amountCentavos, txid }: { pix: CheckoutPix; amountCentavos: number; txid: string }) {
  const id = useId();
  const [copied, setCopied] = useState<"idle" | "ok" | "fail">("idle");
  const code = useMemo(() => {
    try {
      const payload = pixCopiaECola({ key: pix.key, amountCentavos, merchantName: pix.merchantName, merchantCity: pix.merchantCity, txid });
      return { payload, svg: pixQrSvg(payload, { label: `QR Code do Pix de ${formatBRL(amountCentavos)}`, size: 200 }) };
    } catch (error) {
      return { error: error instanceof PixError ? error.message : "Não foi possível gerar o código Pix." };
    }
  }, [pix, amountCentavos, txid]);
  const { payload, svg } = code;
  if (payload === undefined || svg === undefined) {
    return (
      <p className="mt-2 text-sm text-danger" role="alert">
        {code.error}
      </p>
    );
  }
  const text: string = payload;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("ok");
    } catch {
      setCopied("fail");
    }
  }
  return (
    <div className="mt-3 flex flex-col items-center gap-3 sm:flex-row sm:items-start" data-testid="pix-charge">
      <div
        className="shrink-0 rounded-lg bg-white p-1"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: shared/pix/qr.ts draws numbers and an escaped label, no markup from input
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <div className="w-full min-w-0 space-y-2">
        <label htmlFor={`${id}-copia`} className="text-sm font-medium">
          Pix copia e cola ({formatBRL(amountCentavos)})
        </label>
        <textarea
          id={`${id}-copia`}
          readOnly
          rows={3}
          value={payload}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full resize-none break-all rounded-lg border border-line bg-muted px-2 py-1.5 font-mono text-xs"
        />
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-secondary px-3" onClick={() => void copy()}>
            Copiar código Pix
          </button>
          <span aria-live="polite" className="text-sm text-fg-soft">
            {copied === "ok" ? "Código copiado." : copied === "fail" ? "Não foi possível copiar: selecione o texto e copie." : ""}
          </span>
        </div>
        <p className="text-xs text-fg-soft">
          Recebedor: {pix.merchantName} · {pix.merchantCity}. Referência {txid}. Confira o recebimento no app do banco antes de concluir.
        </p>
      </div>
    </div>
  );
}
