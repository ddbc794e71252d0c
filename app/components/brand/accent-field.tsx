import { useState } from "react";
import type { HexColor } from "../../../shared/brand/brand-style.ts";
import { accentContrast, accentPalette, formatRatio, MIN_TEXT_CONTRAST, normalizeHex } from "../../../shared/brand/contrast.ts";
import { Card } from "../ui/card.tsx";
import { ColorField } from "./color-field.tsx";

interface AccentFieldProps {
  /** The saved accent (null: Alicerce's own). */
  saved: HexColor | null;
  /** What a refused submit sent, to show it again. */
  typed: Record<string, string> | undefined;
  /** The primary colour as it stands, offered as the accent in one click. */
  primary: HexColor | null;
  error?: string | undefined;
  modeError?: string | undefined;
}

/**
 * The app's accent: Alicerce's teal or the business's own colour, with its legibility on the
 * app's light surfaces shown as the person picks and a sample of the buttons and links it makes
 * (light and dark, from the same derivation the shell uses).
 */
export function AccentField({ saved, typed, primary, error, modeError }: AccentFieldProps) {
  const [mode, setMode] = useState(typed?.destaque ?? (saved ? "personalizado" : "padrao"));
  const [value, setValue] = useState(typed?.corDestaqueApp ?? (saved ?? primary ?? "").toUpperCase());
  const hex = normalizeHex(value);
  const custom = mode === "personalizado";
  const ratio = hex ? accentContrast(hex) : null;
  const status =
    ratio === null
      ? undefined
      : ratio >= MIN_TEXT_CONTRAST
        ? { ok: true, text: `Contraste de ${formatRatio(ratio)} com o fundo das telas: legível.` }
        : {
            ok: false,
            text: `Contraste de ${formatRatio(ratio)} com o fundo das telas: ilegível. O mínimo é ${formatRatio(MIN_TEXT_CONTRAST)}.`,
          };
  const palette = hex && ratio !== null && ratio >= MIN_TEXT_CONTRAST ? accentPalette(hex) : null;
  return (
    <Card title="Cor de destaque do Alicerce">
      <fieldset className="space-y-3" aria-describedby="destaque-ajuda">
        <legend className="sr-only">Cor de destaque do Alicerce</legend>
        <p id="destaque-ajuda" className="text-sm text-fg-soft">
          A cor dos botões, links e do item marcado no menu, para toda a equipe. O modo escuro usa um tom mais claro da mesma cor.
        </p>
        {[
          { id: "padrao", label: "A do Alicerce (verde-petróleo)" },
          { id: "personalizado", label: "Uma cor da minha marca" },
        ].map((option) => (
          <label key={option.id} className="flex cursor-pointer items-center gap-3 text-sm">
            <input
              type="radio"
              name="destaque"
              value={option.id}
              checked={mode === option.id}
              onChange={() => setMode(option.id)}
              className="size-4 accent-[var(--c-accent)]"
            />
            {option.label}
          </label>
        ))}
        {modeError ? <p className="text-sm text-danger">{modeError}</p> : null}
      </fieldset>
      {custom ? (
        <div className="mt-4 space-y-3">
          <ColorField label="Cor de destaque" name="corDestaqueApp" value={value} onChange={setValue} status={status} error={error} />
          {primary && primary !== hex ? (
            <button type="button" className="text-sm font-medium text-accent underline" onClick={() => setValue(primary.toUpperCase())}>
              Usar a cor primária
            </button>
          ) : null}
          {palette ? (
            <div className="flex flex-wrap gap-3" aria-hidden="true">
              {[palette.light, palette.dark].map((mode, i) => (
                <div
                  key={mode.accent}
                  className="flex items-center gap-3 rounded-lg border border-line px-3 py-2"
                  style={{ background: i === 0 ? "#ffffff" : "#171e27" }}
                >
                  <span className="rounded-md px-3 py-1.5 text-sm font-semibold" style={{ background: mode.accent, color: mode.fg }}>
                    Salvar
                  </span>
                  <span className="text-sm font-medium underline" style={{ color: mode.accent }}>
                    Ver imóvel
                  </span>
                  <span className="rounded px-2 py-0.5 text-xs font-semibold" style={{ background: mode.soft, color: mode.accent }}>
                    {i === 0 ? "Claro" : "Escuro"}
                  </span>
                </div>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
