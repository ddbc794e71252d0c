import { formatBRL, formatNumber } from "../../../shared/format.ts";
import { formatRent, listingPriceParts } from "../../../shared/real-estate/listing-price.ts";
import { formatCep } from "../../../shared/documents.ts";
import { photoSrcSet, photoUrl } from "../../../shared/real-estate/photo-url.ts";
import { FEATURE_OPTIONS, formatArea, PROPERTY_TYPE_OPTIONS } from "../../../shared/resources/imoveis.ts";
import type { PublicAddress, PublicProperty, SimilarProperty } from "../../../worker/services/real-estate/public-property.ts";

/**
 * The public property page's text, made on the server: labels, prices and facts arrive as
 * strings, so the page's JavaScript carries no label tables, formatters or schemas.
 */

const label = (options: readonly { value: string; label: string }[], value: string | null) =>
  (value && options.find((o) => o.value === value)?.label) || "";

/** "Rua Harmonia, 123 – apto 41 · Vila Madalena, São Paulo – SP · 05435-000", only what is public. */
export function addressText(a: PublicAddress): string {
  const street = a.rua ? [a.rua, a.numero].filter(Boolean).join(", ") + (a.complemento ? ` – ${a.complemento}` : "") : "";
  const place = [a.bairro, [a.cidade, a.uf].filter(Boolean).join(" – ")].filter(Boolean).join(", ");
  return [street, place, a.cep ? formatCep(a.cep) : ""].filter(Boolean).join(" · ");
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The photo as an `<img>`: a srcset over the stored widths, its own size (no layout shift). */
function image(chave: string, largura: number, altura: number, alt: string) {
  return { src: photoUrl(chave, 1024), srcSet: photoSrcSet(chave, largura), width: largura, height: altura, alt };
}

export function publicView(p: PublicProperty, url: string) {
  const tipo = label(PROPERTY_TYPE_OPTIONS, p.tipo) || "Imóvel";
  const precos: { label: string; value: string }[] = [];
  if (p.valorVendaCentavos) precos.push({ label: "Venda", value: formatBRL(p.valorVendaCentavos) });
  if (p.valorLocacaoCentavos) precos.push({ label: "Locação", value: formatRent(p.valorLocacaoCentavos) });
  if (!precos.length) precos.push({ label: "Valor", value: "Valor sob consulta" });
  const custos: string[] = [];
  if (p.condominioCentavos) custos.push(`Condomínio ${formatBRL(p.condominioCentavos)}/mês`);
  if (p.iptuCentavos) custos.push(`IPTU ${formatBRL(p.iptuCentavos)}${p.iptuPeriodo === "mensal" ? "/mês" : "/ano"}`);
  const fatos: { label: string; value: string }[] = [];
  const count = (n: number | null, name: string) => (n !== null && n > 0 ? fatos.push({ label: name, value: formatNumber(n) }) : 0);
  count(p.quartos, "Quartos");
  count(p.suites, "Suítes");
  count(p.banheiros, "Banheiros");
  count(p.vagas, "Vagas");
  if (p.areaUtil) fatos.push({ label: "Área útil", value: formatArea(p.areaUtil) });
  if (p.areaTotal) fatos.push({ label: "Área total", value: formatArea(p.areaTotal) });
  if (p.areaTerreno) fatos.push({ label: "Terreno", value: formatArea(p.areaTerreno) });
  if (p.andar !== null) fatos.push({ label: "Andar", value: p.andar === 0 ? "Térreo" : `${p.andar}º` });
  if (p.anoConstrucao) fatos.push({ label: "Construção", value: String(p.anoConstrucao) });
  if (p.mobiliado) fatos.push({ label: "Mobília", value: "Mobiliado" });
  if (p.aceitaFinanciamento) fatos.push({ label: "Financiamento", value: "Aceita" });
  if (p.aceitaPermuta) fatos.push({ label: "Permuta", value: "Aceita" });
  const endereco = addressText(p.endereco);
  const resumo = [
    `${tipo}${p.endereco.bairro ? ` em ${p.endereco.bairro}` : ""}${p.endereco.cidade ? `, ${p.endereco.cidade}` : ""}`,
    [
      p.quartos ? plural(p.quartos, "quarto", "quartos") : "",
      p.vagas ? plural(p.vagas, "vaga", "vagas") : "",
      formatArea(p.areaUtil ?? p.areaTotal),
    ]
      .filter(Boolean)
      .join(", "),
    precos.map((x) => x.value).join(" · "),
  ]
    .filter(Boolean)
    .join(" · ");
  const digits = (p.contato.whatsapp ?? "").replace(/\D/g, "");
  const message = `Olá! Vi o imóvel “${p.titulo}” (código ${p.codigo}) e gostaria de mais informações: ${url}`;
  return {
    titulo: p.titulo,
    codigo: p.codigo,
    tipo: p.subtipo ? `${tipo} · ${p.subtipo}` : tipo,
    endereco,
    reservado: p.status === "reservado",
    precos,
    custos,
    fatos,
    descricao: p.descricao,
    caracteristicas: p.caracteristicas.map((c) => label(FEATURE_OPTIONS, c) || c),
    fotos: p.fotos.map((f, i) => image(f.chave, f.largura, f.altura, f.legenda || `${p.titulo}: foto ${i + 1} de ${p.fotos.length}`)),
    corretor: p.contato.corretor,
    empresa: p.contato.empresa,
    creci: p.contato.creci,
    whatsappLink: digits.length >= 10 ? `https://wa.me/55${digits}?text=${encodeURIComponent(message)}` : null,
    resumo,
  };
}

export type PublicView = ReturnType<typeof publicView>;

export function similarView(s: SimilarProperty) {
  const tipo = label(PROPERTY_TYPE_OPTIONS, s.tipo) || "Imóvel";
  const prices = listingPriceParts(s);
  return {
    href: `/imovel/${s.slug}`,
    titulo: s.titulo,
    resumo: [tipo, s.bairro, s.quartos ? plural(s.quartos, "quarto", "quartos") : "", formatArea(s.areaUtil)].filter(Boolean).join(" · "),
    preco: prices.filter(Boolean).join(" · ") || "Valor sob consulta",
    capa: s.capaChave ? { src: photoUrl(s.capaChave, 640), srcSet: photoSrcSet(s.capaChave) } : null,
  };
}

export type SimilarView = ReturnType<typeof similarView>;
