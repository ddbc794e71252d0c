import { readFileSync } from "node:fs";
import path from "node:path";
import { type ArtContent, artContentSchema } from "../../shared/art/art-content.ts";

/** Contents for the art tests: a typical imóvel, the longest texts the schema allows, a produto. */
const ROOT = path.resolve(import.meta.dirname, "../..");

export const SHORT: ArtContent = artContentSchema.parse({
  titulo: "Casa térrea com piscina e jardim",
  preco: "R$ 1.250.000,00",
  selo: "À venda",
  local: "Jardim Paulistano, São Paulo",
  fatos: [
    { valor: "3", rotulo: "quartos" },
    { valor: "2", rotulo: "vagas" },
    { valor: "180 m²", rotulo: "área" },
  ],
  contato: { nome: "Imobiliária Horizonte", whatsapp: "(11) 98765-4321", link: "horizonte.alicerce.app/imoveis/casa" },
});

/** Every text at (or near) its limit: a 100+ character title, a huge price, a long bairro, six facts. */
export const LONG: ArtContent = artContentSchema.parse({
  titulo: "Cobertura duplex com vista panorâmica para o mar, piscina privativa, espaço gourmet e acabamento de altíssimo padrão",
  preco: "R$ 12.500.000,00",
  selo: "Lançamento exclusivo no bairro",
  local: "Vila Nova Conceição do Jardim Europa Paulistano, São Paulo — SP, próximo ao Parque Ibirapuera e à Avenida",
  linha:
    "Uma linha de descrição bem comprida que não deve aparecer quando há fatos, mas que também precisa caber quando aparece no lugar deles.",
  fatos: [
    { valor: "5", rotulo: "suítes com closet" },
    { valor: "6", rotulo: "vagas cobertas" },
    { valor: "1.250,75 m²", rotulo: "área privativa total" },
    { valor: "R$ 12.345,67", rotulo: "condomínio por mês" },
    { valor: "Pinheirinhos", rotulo: "bairro nobre" },
    { valor: "2 lavabos", rotulo: "e sala de cinema" },
  ],
  contato: {
    nome: "Imobiliária Horizonte Negócios Imobiliários de Alto Padrão e Lançamentos Ltda",
    whatsapp: "+55 (11) 98765-4321 ramal 22",
    link: "horizonte-negocios-imobiliarios.alicerce.app/imoveis/cobertura-duplex-vista-mar-vila-nova-conceicao",
  },
});

/** A produto: no facts, a short line. */
export const PRODUCT: ArtContent = artContentSchema.parse({
  titulo: "Kit churrasco premium",
  preco: "R$ 349,90",
  selo: "Novo",
  linha: "Faca, garfo e tábua de madeira nobre numa caixa para presente.",
  contato: { nome: "Casa do Chef", whatsapp: "(21) 99876-5432", link: "casadochef.alicerce.app" },
});

export function demoPhoto(name = "casa-1"): Uint8Array<ArrayBuffer> {
  const b = readFileSync(path.join(ROOT, `public/media/demo/${name}/publish.jpg`));
  return new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
}
