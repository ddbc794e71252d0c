/**
 * Word lists for the demo data: people, streets with the CEP of their bairro, the agency's
 * listings and the notes brokers write. Plain data, no logic beyond lookups.
 */

/** Pessoas físicas: varied Brazilian names (Portuguese, Italian, Japanese, Arab, German roots), none repeated. */
export const PERSON_NAMES: readonly string[] = [
  "Maria Aparecida dos Santos",
  "João Pedro Oliveira",
  "Thiago Nakamura",
  "Fernanda Gonçalves",
  "Ana Carolina Ribeiro Lima",
  "Luiz Fernando Carvalho",
  "Patrícia Helena Moura",
  "Ricardo Tanaka Ferraz",
  "Beatriz Almeida Costa",
  "Marcos Vinícius Pereira",
  "Camila Rodrigues de Freitas",
  "Eduardo Haddad",
  "Larissa Marques Teixeira",
  "Roberto Mendes Bastos",
  "Gabriela Yamamoto",
  "Felipe Augusto Barbosa",
  "Renata Cristina Soares",
  "André Luiz Nascimento",
  "Aline Ferreira Campos",
  "Gustavo Henrique Rocha",
  "Mariana Bertolini",
  "Paulo Sérgio Andrade",
  "Cláudia Regina Lopes",
  "Leonardo Zanetti",
  "Daniela Nassar",
  "Vinícius Cardoso Ramos",
  "Letícia Sato Oliveira",
  "Rodrigo Monteiro de Barros",
  "Sandra Regina Vieira",
  "Bruno Cavalcanti",
  "Isabela Fernandes Dias",
  "José Carlos da Silva",
  "Tatiane Alves Pinto",
  "Henrique Schmidt",
  "Priscila Moreira Santana",
  "Carlos Eduardo Nunes",
  "Vanessa Lombardi",
  "Diego Araújo Machado",
  "Luciana Batista Correia",
  "Fábio Kenji Watanabe",
  "Simone de Castro Melo",
  "Matheus Gomes Rezende",
  "Helena Abdalla Farah",
  "Otávio Ramos Figueiredo",
  "Natália Cristina Braga",
  "Sérgio Luís Pacheco",
  "Débora Yumi Ishikawa",
  "Antônio Marcos Guimarães",
  "Raquel Azevedo Torres",
  "Caio Martins Bittencourt",
  "Elaine Souza Rocha",
  "Francisco de Assis Barros",
];

/** Pessoas jurídicas that are clients (tenants of commercial spaces, investors' holdings). */
export interface CompanyClientName {
  nome: string;
  dominio: string;
  caixa: string;
}

export const COMPANY_CLIENT_NAMES: readonly CompanyClientName[] = [
  { nome: "Padaria Nova Pinheiros Ltda.", dominio: "padarianovapinheiros.com.br", caixa: "contato" },
  { nome: "Nakamura Participações e Investimentos Ltda.", dominio: "nakamurapar.com.br", caixa: "thiago" },
  { nome: "Clínica Odontológica Sorriso Perdizes Ltda.", dominio: "sorrisoperdizes.com.br", caixa: "administrativo" },
  { nome: "Haddad & Filhos Comércio de Tecidos Ltda.", dominio: "haddadtecidos.com.br", caixa: "financeiro" },
  { nome: "Estúdio Pilates Moema Ltda.", dominio: "pilatesmoema.com.br", caixa: "contato" },
  { nome: "Aliança Assessoria Contábil Ltda.", dominio: "aliancacontabil.com.br", caixa: "adm" },
  { nome: "TechNuvem Soluções em Software Ltda.", dominio: "technuvem.com.br", caixa: "facilities" },
  { nome: "Bistrô Fradique Restaurante Ltda.", dominio: "bistrofradique.com.br", caixa: "gerencia" },
];

export interface Street {
  rua: string;
  /** The CEP of this stretch of the street, formatted. */
  cep: string;
  bairro: string;
  cidade: string;
  uf: "SP";
}

function streets(bairro: string, cidade: string, list: readonly (readonly [string, string])[]): Street[] {
  return list.map(([rua, cep]) => ({ rua, cep, bairro, cidade, uf: "SP" }));
}

/** Residential streets by bairro, with how often clients live there (the agency works the Zona Oeste). */
export const NEIGHBORHOODS: readonly { weight: number; streets: readonly Street[] }[] = [
  {
    weight: 9,
    streets: streets("Pinheiros", "São Paulo", [
      ["Rua dos Pinheiros", "05422-001"],
      ["Rua Teodoro Sampaio", "05405-000"],
      ["Rua Cardeal Arcoverde", "05407-002"],
      ["Rua Fradique Coutinho", "05416-000"],
      ["Rua Mateus Grou", "05415-040"],
      ["Rua Artur de Azevedo", "05404-010"],
      ["Rua Capote Valente", "05409-000"],
      ["Rua Joaquim Antunes", "05415-010"],
      ["Rua Lisboa", "05413-000"],
      ["Rua Simão Álvares", "05417-020"],
      ["Rua Ferreira de Araújo", "05428-000"],
      ["Rua Cunha Gago", "05421-001"],
      ["Rua Padre Carvalho", "05427-100"],
    ]),
  },
  {
    weight: 6,
    streets: streets("Vila Madalena", "São Paulo", [
      ["Rua Harmonia", "05435-000"],
      ["Rua Aspicuelta", "05433-010"],
      ["Rua Girassol", "05433-000"],
      ["Rua Wisard", "05434-080"],
      ["Rua Fidalga", "05432-070"],
      ["Rua Purpurina", "05435-030"],
      ["Rua Luís Murat", "05436-050"],
      ["Rua Medeiros de Albuquerque", "05436-060"],
      ["Rua Original", "05435-050"],
    ]),
  },
  {
    weight: 4,
    streets: streets("Perdizes", "São Paulo", [
      ["Rua Cardoso de Almeida", "05013-001"],
      ["Rua Monte Alegre", "05014-000"],
      ["Rua Bartira", "05009-000"],
      ["Rua Apinajés", "05017-000"],
      ["Rua Caiubi", "05010-000"],
      ["Rua Ministro Godói", "05015-000"],
      ["Rua Cayowaá", "05018-001"],
    ]),
  },
  {
    weight: 3,
    streets: streets("Lapa", "São Paulo", [
      ["Rua Doze de Outubro", "05073-001"],
      ["Rua Guaicurus", "05033-002"],
      ["Rua Clélia", "05042-000"],
      ["Rua Tito", "05051-000"],
      ["Rua Catão", "05049-000"],
      ["Rua Coriolano", "05047-000"],
    ]),
  },
  {
    weight: 2,
    streets: streets("Butantã", "São Paulo", [
      ["Rua Alvarenga", "05509-000"],
      ["Rua Camargo", "05510-000"],
      ["Rua Pirajussara", "05501-020"],
      ["Avenida Vital Brasil", "05503-001"],
    ]),
  },
  {
    weight: 2,
    streets: streets("Itaim Bibi", "São Paulo", [
      ["Rua Joaquim Floriano", "04534-002"],
      ["Rua Tabapuã", "04533-001"],
      ["Rua Bandeira Paulista", "04532-010"],
      ["Rua João Cachoeira", "04535-000"],
      ["Rua Pedroso Alvarenga", "04531-001"],
    ]),
  },
  {
    weight: 2,
    streets: streets("Jardim Paulista", "São Paulo", [
      ["Alameda Lorena", "01424-000"],
      ["Alameda Franca", "01422-001"],
      ["Alameda Santos", "01418-000"],
      ["Alameda Casa Branca", "01408-000"],
      ["Alameda Jaú", "01420-001"],
    ]),
  },
  {
    weight: 2,
    streets: streets("Moema", "São Paulo", [
      ["Avenida Moema", "04077-020"],
      ["Alameda dos Maracatins", "04089-001"],
      ["Alameda dos Nhambiquaras", "04090-001"],
      ["Alameda Jauaperi", "04523-000"],
      ["Avenida Jandira", "04080-001"],
    ]),
  },
  {
    weight: 2,
    streets: streets("Brooklin", "São Paulo", [
      ["Rua Pensilvânia", "04564-001"],
      ["Rua Flórida", "04565-000"],
      ["Rua Califórnia", "04566-060"],
      ["Rua Nova York", "04560-001"],
      ["Rua Guararapes", "04561-000"],
    ]),
  },
  {
    weight: 1,
    streets: streets("Campo Belo", "São Paulo", [
      ["Rua Vieira de Morais", "04617-000"],
      ["Rua Otávio Tarquínio de Sousa", "04613-000"],
      ["Rua Demóstenes", "04614-010"],
    ]),
  },
  {
    weight: 2,
    streets: streets("Tatuapé", "São Paulo", [
      ["Rua Itapura", "03310-000"],
      ["Rua Serra de Bragança", "03318-000"],
      ["Rua Emília Marengo", "03336-000"],
      ["Rua Azevedo Soares", "03322-000"],
      ["Rua Tuiuti", "03081-000"],
    ]),
  },
  {
    weight: 2,
    streets: streets("Santana", "São Paulo", [
      ["Rua Voluntários da Pátria", "02011-000"],
      ["Rua Alfredo Pujol", "02017-010"],
      ["Rua Doutor César", "02013-001"],
      ["Rua Darzan", "02012-030"],
      ["Rua Conselheiro Moreira de Barros", "02018-010"],
    ]),
  },
];

/** Outside the capital, for a handful of clients. */
export const OTHER_CITIES: readonly Street[] = [
  { rua: "Rua Antônio Agu", cep: "06013-000", bairro: "Centro", cidade: "Osasco", uf: "SP" },
  { rua: "Avenida dos Autonomistas", cep: "06020-010", bairro: "Vila Yara", cidade: "Osasco", uf: "SP" },
  { rua: "Rua das Figueiras", cep: "09080-300", bairro: "Jardim", cidade: "Santo André", uf: "SP" },
  { rua: "Rua Senador Fláquer", cep: "09010-160", bairro: "Centro", cidade: "Santo André", uf: "SP" },
  { rua: "Avenida Timóteo Penteado", cep: "07061-000", bairro: "Vila Galvão", cidade: "Guarulhos", uf: "SP" },
  { rua: "Rua Dom Pedro II", cep: "07011-000", bairro: "Centro", cidade: "Guarulhos", uf: "SP" },
  { rua: "Rua Coronel Quirino", cep: "13025-002", bairro: "Cambuí", cidade: "Campinas", uf: "SP" },
  { rua: "Rua Maria Monteiro", cep: "13025-151", bairro: "Cambuí", cidade: "Campinas", uf: "SP" },
];

/** Commercial addresses for the pessoa-jurídica clients, one each, in order. */
export const COMPANY_CLIENT_ADDRESSES: readonly (Street & { numero: string; complemento?: string })[] = [
  { rua: "Rua Teodoro Sampaio", cep: "05406-050", bairro: "Pinheiros", cidade: "São Paulo", uf: "SP", numero: "1744" },
  {
    rua: "Rua Joaquim Floriano",
    cep: "04534-002",
    bairro: "Itaim Bibi",
    cidade: "São Paulo",
    uf: "SP",
    numero: "960",
    complemento: "Conjunto 112",
  },
  {
    rua: "Rua Cardoso de Almeida",
    cep: "05013-001",
    bairro: "Perdizes",
    cidade: "São Paulo",
    uf: "SP",
    numero: "1298",
    complemento: "Sala 31",
  },
  { rua: "Rua Tito", cep: "05051-000", bairro: "Lapa", cidade: "São Paulo", uf: "SP", numero: "455", complemento: "Loja 2" },
  { rua: "Avenida Jandira", cep: "04080-001", bairro: "Moema", cidade: "São Paulo", uf: "SP", numero: "312" },
  {
    rua: "Rua Capote Valente",
    cep: "05409-000",
    bairro: "Pinheiros",
    cidade: "São Paulo",
    uf: "SP",
    numero: "513",
    complemento: "Conjunto 84",
  },
  {
    rua: "Rua Wisard",
    cep: "05434-080",
    bairro: "Vila Madalena",
    cidade: "São Paulo",
    uf: "SP",
    numero: "298",
    complemento: "2º andar",
  },
  { rua: "Rua Fradique Coutinho", cep: "05416-001", bairro: "Pinheiros", cidade: "São Paulo", uf: "SP", numero: "1187" },
];

/** The agency's listings, as stock movements name them ("Instalada no imóvel Rua Harmonia, 120"). */
export const LISTINGS: readonly string[] = [
  "Rua Harmonia, 120",
  "Rua Wisard, 305",
  "Rua Fradique Coutinho, 1020",
  "Rua Mourato Coelho, 745",
  "Rua Cardeal Arcoverde, 2130",
  "Rua Girassol, 512",
  "Rua Aspicuelta, 88",
  "Rua Fidalga, 230",
  "Rua Purpurina, 415",
  "Rua Capote Valente, 690",
  "Rua Artur de Azevedo, 1455",
  "Rua Lisboa, 970",
  "Rua Simão Álvares, 356",
  "Rua Joaquim Antunes, 177",
  "Rua Mateus Grou, 540",
  "Rua Ferreira de Araújo, 812",
  "Rua Cunha Gago, 129",
  "Rua Teodoro Sampaio, 2210",
  "Rua Deputado Lacerda Franco, 300",
  "Rua Inácio Pereira da Rocha, 77",
  "Rua Luís Murat, 260",
  "Rua Cardoso de Almeida, 1310",
  "Rua Monte Alegre, 984",
  "Rua Clélia, 1520",
  "Rua Tito, 640",
  "Rua Original, 145",
  "Rua Medeiros de Albuquerque, 410",
  "Rua Padre Carvalho, 388",
  "Avenida Pedroso de Morais, 1250",
];

export const CLIENT_TAGS = ["investidor", "primeiro imóvel", "locatário", "proprietário", "vip", "permuta", "financiamento"] as const;
export type ClientTag = (typeof CLIENT_TAGS)[number];

/** What brokers note about a client, with the tags such a client would carry. */
export const CLIENT_NOTES: readonly { texto: string; tags: readonly ClientTag[] }[] = [
  { texto: "Procura 3 dormitórios perto do metrô, até R$ 900 mil.", tags: ["financiamento"] },
  {
    texto: "Quer vender o apartamento atual e comprar um maior na mesma região; aceita permuta.",
    tags: ["proprietário", "permuta"],
  },
  { texto: "Investidor: compra studios perto da Faria Lima para alugar.", tags: ["investidor", "vip"] },
  { texto: "Crédito aprovado na Caixa; procura imóvel até R$ 500 mil para sair do aluguel.", tags: ["primeiro imóvel", "financiamento"] },
  { texto: "Locatário há 3 anos; o contrato vence em março e quer renovar.", tags: ["locatário"] },
  { texto: "Aceita carro como parte do pagamento.", tags: ["permuta"] },
  { texto: "Prefere contato por WhatsApp depois das 18 h.", tags: [] },
  { texto: "Tem dois apartamentos para alugar em Perdizes; quer administração completa.", tags: ["proprietário", "investidor"] },
  { texto: "Procura casa de vila em Pinheiros ou Vila Madalena, com quintal para o cachorro.", tags: [] },
  {
    texto: "Vai usar o FGTS na entrada; precisa de imóvel com habite-se e documentação em dia.",
    tags: ["primeiro imóvel", "financiamento"],
  },
  { texto: "Quer avaliação do apartamento antes de anunciar.", tags: ["proprietário"] },
  { texto: "Procura apartamento de 2 dormitórios com vaga, para alugar, até R$ 4.500 por mês.", tags: ["locatário"] },
  { texto: "Não ligar em horário comercial; prefere e-mail.", tags: [] },
  { texto: "Cliente antigo: já comprou dois imóveis com a Horizonte.", tags: ["vip", "investidor"] },
  { texto: "Visitou o decorado do Jacarandá Pinheiros e pediu a tabela de preços.", tags: [] },
  { texto: "Fiador com imóvel quitado em São Paulo.", tags: ["proprietário"] },
];

/** Notes for out-of-state movers (their phone keeps the old DDD). */
export const RELOCATION_NOTES: Readonly<Record<string, string>> = {
  "21": "Mudou-se do Rio a trabalho; procura aluguel mobiliado por 12 meses.",
  "31": "Mudando de Belo Horizonte com a família; procura casa com 3 dormitórios.",
  "41": "Veio de Curitiba para o mestrado na USP; procura studio perto do metrô Butantã.",
};

export const PERSON_EMAIL_DOMAINS: readonly (readonly [string, number])[] = [
  ["gmail.com", 12],
  ["hotmail.com", 4],
  ["outlook.com", 3],
  ["uol.com.br", 2],
  ["yahoo.com.br", 1],
  ["terra.com.br", 1],
  ["bol.com.br", 1],
];
