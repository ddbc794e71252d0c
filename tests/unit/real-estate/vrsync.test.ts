import { describe, expect, it } from "vitest";
import { portalReadiness, portalReady } from "../../../shared/real-estate/portal-readiness.ts";
import { escapeXml } from "../../../shared/escape.ts";
import {
  cdata,
  type ListingOptions,
  type PortalPhoto,
  type PortalProperty,
  transactionType,
  vrsyncListing,
} from "../../../shared/real-estate/vrsync.ts";

function readyProperty(over: Partial<PortalProperty> = {}): PortalProperty {
  return {
    codigo: "AP0001",
    slug: "apartamento-centro-x1y2",
    titulo: "Apartamento de 3 quartos no Centro",
    descricao: "Apartamento amplo, ensolarado, com 3 quartos sendo uma suíte, varanda e duas vagas de garagem.",
    finalidade: "venda",
    tipo: "apartamento",
    valorVendaCentavos: 450_000_00,
    valorLocacaoCentavos: null,
    condominioCentavos: 650_00,
    iptuCentavos: 1_200_00,
    iptuPeriodo: "anual",
    areaUtil: 82.5,
    areaTotal: 95,
    areaTerreno: null,
    quartos: 3,
    suites: 1,
    banheiros: 2,
    vagas: 2,
    caracteristicas: ["piscina", "elevador", "doca"],
    cep: "01001-000",
    rua: "Praça da Sé",
    numero: "100",
    complemento: null,
    bairro: "Sé",
    cidade: "São Paulo",
    uf: "SP",
    enderecoPublico: "bairro",
    ...over,
  };
}

const photos: PortalPhoto[] = [
  { chave: "org/o/properties/p/f2", capa: false },
  { chave: "org/o/properties/p/f1", capa: true },
];

const options: ListingOptions = {
  contact: {
    name: "Imobiliária <Horizonte> & Cia",
    email: "contato@horizonte.test",
    telephone: "(11) 99999-0000",
    website: "https://app.test/p/horizonte",
  },
  photoUrl: (k) => `https://app.test/photos/${k}/960.jpg`,
  pageUrl: (s) => `https://app.test/imovel/${s}`,
};

describe("VRSync rules", () => {
  it("a complete property meets every rule", () => {
    expect(portalReadiness(readyProperty(), photos)).toEqual([]);
    expect(portalReady(readyProperty(), photos)).toBe(true);
  });

  it("lists each unmet rule in pt-BR", () => {
    const unmet = portalReadiness(
      readyProperty({ titulo: "Curto", descricao: "Pouco texto.", cep: "0100", valorVendaCentavos: null, bairro: " ", areaUtil: null }),
      [],
    );
    expect(unmet).toEqual([
      "Título com 10 a 100 caracteres",
      "Descrição com pelo menos 50 caracteres",
      "Preço de venda ou de locação: falta o de venda",
      "Área útil",
      "Pelo menos uma foto",
      "CEP",
      "Bairro",
    ]);
  });

  it("title and description bounds are inclusive", () => {
    expect(portalReadiness(readyProperty({ titulo: "x".repeat(10) }), photos)).toEqual([]);
    expect(portalReadiness(readyProperty({ titulo: "x".repeat(100) }), photos)).toEqual([]);
    expect(portalReadiness(readyProperty({ titulo: "x".repeat(101) }), photos)).toEqual(["Título com 10 a 100 caracteres"]);
    expect(portalReadiness(readyProperty({ descricao: "d".repeat(3000) }), photos)).toEqual([]);
    expect(portalReadiness(readyProperty({ descricao: "d".repeat(3001) }), photos)).toEqual(["Descrição com no máximo 3.000 caracteres"]);
    expect(portalReadiness(readyProperty({ descricao: `${"d".repeat(49)}   ` }), photos)).toEqual([
      "Descrição com pelo menos 50 caracteres",
    ]);
  });

  it("needs exactly one cover among the photos", () => {
    expect(portalReadiness(readyProperty(), [{ chave: "a", capa: false }])).toEqual(["Uma foto de capa"]);
    expect(portalReadiness(readyProperty(), [{ chave: "a", capa: true }])).toEqual([]);
  });

  it("land is measured by its lot, buildings by their living area", () => {
    const lot = readyProperty({ tipo: "terreno", areaUtil: null, areaTotal: null, areaTerreno: null, quartos: null });
    expect(portalReadiness(lot, photos)).toEqual(["Área do terreno ou área total"]);
    expect(portalReadiness({ ...lot, areaTerreno: 360 }, photos)).toEqual([]);
  });

  it("transaction type follows the purpose and the prices present", () => {
    expect(transactionType({ finalidade: "venda", valorVendaCentavos: 100_00, valorLocacaoCentavos: null })).toBe("For Sale");
    expect(transactionType({ finalidade: "locacao", valorVendaCentavos: null, valorLocacaoCentavos: 2_500_00 })).toBe("For Rent");
    expect(transactionType({ finalidade: "venda_locacao", valorVendaCentavos: 1, valorLocacaoCentavos: 2_500_00 })).toBeNull();
    expect(transactionType({ finalidade: "venda_locacao", valorVendaCentavos: 300_000_00, valorLocacaoCentavos: 2_500_00 })).toBe(
      "Sale/Rent",
    );
    expect(portalReadiness(readyProperty({ finalidade: "venda_locacao" }), photos)).toEqual(["Preço de venda e de locação"]);
  });

  it("a street-level public address needs the street", () => {
    expect(portalReadiness(readyProperty({ enderecoPublico: "rua", rua: null }), photos)).toEqual([
      "Rua (o endereço público mostra a rua)",
    ]);
  });
});

describe("VRSync listing", () => {
  it("maps the fields to the feed's elements", () => {
    const xml = vrsyncListing(readyProperty(), photos, options) as string;
    expect(xml).toContain("<ListingID>AP0001</ListingID>");
    expect(xml).toContain("<Title><![CDATA[Apartamento de 3 quartos no Centro]]></Title>");
    expect(xml).toContain("<TransactionType>For Sale</TransactionType>");
    expect(xml).toContain("<PropertyType>Residential / Apartment</PropertyType>");
    expect(xml).toContain('<ListPrice currency="BRL">450000</ListPrice>');
    expect(xml).not.toContain("RentalPrice");
    expect(xml).toContain('<PropertyAdministrationFee currency="BRL">650</PropertyAdministrationFee>');
    expect(xml).toContain('<Iptu currency="BRL" period="Yearly">1200</Iptu>');
    expect(xml).toContain('<LivingArea unit="square metres">83</LivingArea>');
    expect(xml).toContain("<Bedrooms>3</Bedrooms><Bathrooms>2</Bathrooms><Suites>1</Suites>");
    expect(xml).toContain('<Garage type="Parking Space">2</Garage>');
    // "doca" has no VRSync equivalent: not sent.
    expect(xml).toContain("<Features><Feature>Pool</Feature><Feature>Elevator</Feature></Features>");
    expect(xml).toContain(
      '<Location displayAddress="Neighborhood"><Country abbreviation="BR">Brasil</Country><State abbreviation="SP">São Paulo</State>',
    );
    expect(xml).toContain("<PostalCode>01001-000</PostalCode>");
    // The cover is the first item and the only primary one.
    expect(xml).toContain(
      '<Media><Item medium="image" primary="true">https://app.test/photos/org/o/properties/p/f1/960.jpg</Item><Item medium="image">https://app.test/photos/org/o/properties/p/f2/960.jpg</Item></Media>',
    );
    expect(xml.match(/primary="true"/g)).toHaveLength(1);
    expect(xml).toContain("<Name>Imobiliária &lt;Horizonte&gt; &amp; Cia</Name>");
  });

  it("rent and sale/rent listings carry the right prices", () => {
    const rent = vrsyncListing(
      readyProperty({ finalidade: "locacao", valorVendaCentavos: null, valorLocacaoCentavos: 3_200_50 }),
      photos,
      options,
    ) as string;
    expect(rent).toContain('<RentalPrice currency="BRL" period="Monthly">3201</RentalPrice>');
    expect(rent).not.toContain("ListPrice");
    const both = vrsyncListing(readyProperty({ finalidade: "venda_locacao", valorLocacaoCentavos: 3_000_00 }), photos, options) as string;
    expect(both).toContain("<TransactionType>Sale/Rent</TransactionType>");
    expect(both).toContain("<ListPrice");
    expect(both).toContain("<RentalPrice");
  });

  it("skips a listing that breaks a rule", () => {
    expect(vrsyncListing(readyProperty({ titulo: "Curto" }), photos, options)).toBeNull();
    expect(vrsyncListing(readyProperty(), [], options)).toBeNull();
  });

  it("escapes whatever the user typed", () => {
    const xml = vrsyncListing(
      readyProperty({
        titulo: "Casa ]]> <script>alert(1)</script>",
        descricao: `Texto com ]]><evil/> e um caractere de controle \u0001 que o XML não aceita, & mais coisa aqui.`,
        bairro: `Vila "A" & <B>`,
        codigo: "X<1>",
      }),
      photos,
      options,
    ) as string;
    expect(xml).toContain("<Title><![CDATA[Casa ]]]]><![CDATA[> <script>alert(1)</script>]]></Title>");
    expect(xml).not.toContain("\u0001");
    expect(xml).toContain("<Neighborhood>Vila &quot;A&quot; &amp; &lt;B&gt;</Neighborhood>");
    expect(xml).toContain("<ListingID>X&lt;1&gt;</ListingID>");
    // Outside CDATA sections no raw markup from the user remains.
    const outside = xml.replace(/<!\[CDATA\[[\s\S]*?]]>/g, "");
    expect(outside).not.toContain("<script>");
    expect(outside).not.toContain("<evil/>");
  });

  it("escapeXml and cdata", () => {
    expect(escapeXml(`a<b>&"c'`)).toBe("a&lt;b&gt;&amp;&quot;c&apos;");
    expect(escapeXml("ok\u0000\u001Fok\ttab\uD800")).toBe("okok\ttab");
    expect(cdata("x]]>y")).toBe("<![CDATA[x]]]]><![CDATA[>y]]>");
  });
});
