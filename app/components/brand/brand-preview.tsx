import type { BrandFontId, HexColor } from "../../../shared/brand/brand-style.ts";
import { legibleTextOn } from "../../../shared/brand/contrast.ts";
import { FONT_SAMPLE_STACKS } from "./font-samples.ts";

export interface PreviewBrand {
  corPrimaria: HexColor;
  corSecundaria: HexColor;
  corTextoSobrePrimaria: HexColor;
  fonte: BrandFontId;
}

/**
 * A phone-sized post (4:5, as Instagram's portrait) drawn in HTML with the brand as it is being
 * chosen: the cover, a band in the primary colour with the title in the text colour, the price
 * on the secondary colour, the key facts and the logo. A sketch of the art, not the art itself.
 */
export function BrandPreview({ brand, logoSrc, orgName }: { brand: PreviewBrand; logoSrc: string | null; orgName: string }) {
  const font = FONT_SAMPLE_STACKS[brand.fonte];
  return (
    <figure className="mx-auto w-full max-w-[20rem]">
      <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
        <div className="flex items-center gap-2 px-3 py-2">
          <span
            aria-hidden="true"
            className="grid size-7 shrink-0 place-items-center overflow-hidden rounded-full text-[10px] font-bold"
            style={{ background: brand.corPrimaria, color: brand.corTextoSobrePrimaria }}
          >
            {logoSrc ? <img src={logoSrc} alt="" className="size-full bg-white object-contain" /> : orgName.slice(0, 1).toUpperCase()}
          </span>
          <span className="truncate text-xs font-semibold">{orgName}</span>
        </div>
        <div className="relative aspect-[4/5] w-full" style={{ fontFamily: font }}>
          {/* The cover photo's place: a calm sky-and-façade gradient. */}
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-[linear-gradient(180deg,#9cc3de_0%,#d8e6ef_45%,#c9b8a0_46%,#a68f74_100%)]"
          />
          {logoSrc ? (
            <img src={logoSrc} alt="" className="absolute top-3 right-3 h-10 max-w-[40%] rounded bg-white/90 object-contain p-1" />
          ) : null}
          <div
            data-preview="faixa"
            className="absolute inset-x-0 bottom-0 p-4 pt-6"
            style={{ background: brand.corPrimaria, color: brand.corTextoSobrePrimaria }}
          >
            <span
              className="absolute -top-4 left-4 rounded-md px-2.5 py-1 text-sm font-bold"
              style={{ background: brand.corSecundaria, color: legibleTextOn(brand.corSecundaria) }}
            >
              R$ 850.000
            </span>
            <p className="text-lg leading-tight font-bold">Apartamento com varanda gourmet no Cambuí</p>
            <p className="mt-1 text-xs">3 quartos · 2 vagas · 98 m² · Cambuí, Campinas</p>
          </div>
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-fg-soft">Prévia de um post 1080 × 1350 com as suas cores.</figcaption>
    </figure>
  );
}
