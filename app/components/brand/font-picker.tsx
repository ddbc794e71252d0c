import { BRAND_FONTS, type BrandFontId } from "../../../shared/brand/brand-style.ts";
import { Card } from "../ui/card.tsx";
import { FONT_SAMPLE_STACKS } from "./font-samples.ts";

/** The shipped fonts as radio buttons, each with a sample line written in it (font-samples.ts). */
export function FontPicker({ value, onChange, error }: { value: BrandFontId; onChange: (id: string) => void; error?: string | undefined }) {
  return (
    <Card title="Fonte das artes">
      <fieldset aria-describedby={error ? "fonte-erro" : "fonte-ajuda"}>
        <legend className="sr-only">Fonte das artes</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {BRAND_FONTS.map((font) => (
            <label
              key={font.id}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/40"
            >
              <input
                type="radio"
                name="fonte"
                value={font.id}
                checked={value === font.id}
                onChange={() => onChange(font.id)}
                className="mt-1 size-4 accent-[var(--c-accent)]"
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{font.label}</span>
                <span aria-hidden="true" className="mt-1 block text-lg leading-snug" style={{ fontFamily: FONT_SAMPLE_STACKS[font.id] }}>
                  Cobertura no Cambuí
                </span>
              </span>
            </label>
          ))}
        </div>
        <p id="fonte-ajuda" className="mt-3 text-xs text-fg-soft">
          As amostras usam a fonte do seu aparelho quando ela não está instalada; a arte dos posts é feita com a fonte escolhida.
        </p>
        {error ? (
          <p id="fonte-erro" className="mt-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
      </fieldset>
    </Card>
  );
}
