import { businessInfo, type PropertyFactsInput, type ProductFactsInput, productSheet, propertySheet } from "../../../shared/ai/facts.ts";
import type { FactSheet } from "../../../shared/ai/facts.ts";

/** An imóvel as a corretor registers it (Pinheiros, R$ 850.000, 3 quartos…). */
export function propertyInput(fields: Partial<PropertyFactsInput> = {}): PropertyFactsInput {
  return {
    id: "imovel-1",
    codigo: "AP0012",
    titulo: null,
    status: "disponivel",
    finalidade: "venda",
    tipo: "apartamento",
    descricao: null,
    valorVendaCentavos: 85_000_000,
    valorLocacaoCentavos: null,
    condominioCentavos: 90_000,
    iptuCentavos: 120_000,
    iptuPeriodo: "anual",
    areaUtil: 120,
    areaTotal: null,
    areaTerreno: null,
    quartos: 3,
    suites: 1,
    banheiros: 2,
    vagas: 2,
    andar: 10,
    anoConstrucao: null,
    mobiliado: false,
    aceitaPermuta: false,
    aceitaFinanciamento: true,
    bairro: "Pinheiros",
    cidade: "São Paulo",
    uf: "SP",
    caracteristicas: ["piscina", "churrasqueira", "varanda_gourmet"],
    fotos: 3,
    ...fields,
  };
}

export const BUSINESS = businessInfo(
  { nome: "Horizonte Imóveis", whatsapp: "11912345678", creci: "12345-J", vozDaMarca: "Próxima, clara, sem exageros." },
  "https://horizonte.com.br/imovel/apto-pinheiros-x1",
);

export function propertyFixture(fields: Partial<PropertyFactsInput> = {}, others: string[] = ["Moema", "Vila Madalena"]): FactSheet {
  const input = propertyInput(fields);
  const images = Array.from({ length: Math.min(input.fotos, 10) }, (_, i) => ({
    id: `foto-${i}`,
    legenda: i === 0 ? "Sala ampla com varanda" : null,
  }));
  return propertySheet(input, BUSINESS, images, others);
}

export function productInput(fields: Partial<ProductFactsInput> = {}): ProductFactsInput {
  return {
    id: "produto-1",
    nome: "Cimento CP-II 50 kg",
    precoCentavos: 3_990,
    descricao: "Saco de 50 kg para obras em geral. Entrega no bairro.",
    categoria: "Materiais de construção",
    estoque: 8,
    unidade: "un",
    ...fields,
  };
}

export function productFixture(fields: Partial<ProductFactsInput> = {}): FactSheet {
  return productSheet(productInput(fields), { ...BUSINESS, link: null }, [{ id: "p-0", legenda: null }]);
}
