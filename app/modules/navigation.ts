import { ROLE, type Role } from "../../shared/enums/account.ts";

export const NAV_GROUPS = ["Negócio", "Agenda", "Imóveis", "Financeiro", "Redes Sociais"] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface NavItem {
  to: string;
  label: string;
  group: NavGroup;
  /** Position in its group (the record definitions' `nav.order` use the same scale). */
  order: number;
  /** The record or area of the permission table whose "read" shows the item. */
  resource: string;
}

/** A record screen's way back, by the path's first segment (`/clients`, `/clientes`). */
export type ListLinks = Record<string, { basePath: string; listTitle: string }>;

/** A link as the shell draws it. */
export interface MenuLink {
  to: string;
  label: string;
}

/**
 * The menu as the shell draws it: groups in order, each with the items the member may read, then
 * the one "Configurações" entry (every member has their account there).
 */
export interface NavMenu {
  groups: { group: NavGroup; items: MenuLink[] }[];
  settings: MenuLink;
}

/** A screen of the settings area: its link, what it holds, and the resource whose "read" opens it. */
export interface SettingsEntry extends MenuLink {
  description: string;
  resource: string;
}

export interface SettingsSection {
  id: string;
  title: string;
  entries: readonly SettingsEntry[];
}

/** The settings area's sections as one member sees them (only entries they may read; empty sections dropped). */
export type SettingsMenu = { id: string; title: string; entries: (MenuLink & { description: string })[] }[];

/** A screen a menu leads to and the resource whose "read" opens it: one row of the route ↔ permission table. */
export interface Screen extends MenuLink {
  resource: string;
}

/**
 * The areas that are not kinds of record, listed by hand; every record's entry comes from its
 * definition (`nav`), merged by app/server/navigation.server.ts. Only screens that exist are listed.
 */
export const AREA_NAV_ITEMS: readonly NavItem[] = [
  { to: "/", label: "Dashboard", group: "Negócio", order: 0, resource: "account" },
  // Analytics (ADR 085): the office opens it for the social numbers; managers see the business's too.
  // Relatórios (ADR 083): whoever may open one report of the catalogue (a professional: their commissions).
  { to: "/relatorios", label: "Relatórios", group: "Negócio", order: 80, resource: "relatorios" },
  { to: "/analytics", label: "Analytics", group: "Negócio", order: 90, resource: "analytics-social" },
  // The agenda (ADR 060): whoever reads appointments (a professional: their own column).
  { to: "/agenda", label: "Agendamentos", group: "Agenda", order: 10, resource: "agendamentos" },
  // Horários: what the agenda books by (the office reads it; managers change it).
  { to: "/horarios", label: "Horários", group: "Agenda", order: 60, resource: "business-hours" },
  // The service desk (ADR 061): whoever reads appointments (a professional: their own queue).
  { to: "/atendimento", label: "Atendimento", group: "Agenda", order: 20, resource: "agendamentos" },
  { to: "/property-drafts", label: "Rascunhos de Imóveis", group: "Imóveis", order: 20, resource: "imoveis" },
  { to: "/landing-page", label: "Landing Page", group: "Imóveis", order: 40, resource: "organization" },
  // The ledger's balances per period and the transfer between accounts (ADR 072).
  { to: "/movimentacoes/saldos", label: "Saldos e transferências", group: "Financeiro", order: 45, resource: "movimentacoes" },
  // Post drafts and those waiting for approval (the posts' own "read" opens it).
  // Whoever may create a post generates one (every role that reads posts: the table's posts · create).
  { to: "/gerar-postagem", label: "Gerar Postagem", group: "Redes Sociais", order: 5, resource: "posts" },
  { to: "/rascunhos", label: "Rascunhos", group: "Redes Sociais", order: 10, resource: "posts" },
  // Whoever creates posts generates content (ADR 055); the page asks for "create", the menu for "read".
  { to: "/ai-content", label: "Gerador de Conteúdo IA", group: "Redes Sociais", order: 15, resource: "posts" },
  { to: "/content-calendar", label: "Calendário de Posts", group: "Redes Sociais", order: 30, resource: "posts" },
  { to: "/feed", label: "Feed", group: "Redes Sociais", order: 40, resource: "posts" },
  // Who reads posts sees what went out and every attempt (a corretor: only their own posts).
  { to: "/facebook-posts", label: "Posts do Facebook", group: "Redes Sociais", order: 60, resource: "posts" },
  { to: "/instagram-posts", label: "Posts do Instagram", group: "Redes Sociais", order: 61, resource: "posts" },
  { to: "/historico", label: "Histórico", group: "Redes Sociais", order: 70, resource: "posts" },
  { to: "/social-connect-simple", label: "Conectar Redes", group: "Redes Sociais", order: 90, resource: "social-connections" },
];

/**
 * Pages no menu lists but a menu screen leads to, each with that screen: /relatorio (one report,
 * ADR 083) is opened from /relatorios' catalogue and guards itself by the report's own area.
 */
export const PAGES_REACHED_FROM: Readonly<Record<string, string>> = {
  "/relatorio": "/relatorios",
  "/relatorio/csv": "/relatorios",
};

/** The settings area's overview: the menu's one "Configurações" entry. */
export const SETTINGS_HOME: Screen = { to: "/settings", label: "Configurações", resource: "account" };

/**
 * The settings area, section by section. The URLs are the product's (/config, /business-settings,
 * /admin/users…: spec §2); the pathless layout app/layouts/settings.tsx gives them one section
 * navigation. The system pages are the owner's (permission table area `system`).
 */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    id: "conta",
    title: "Sua conta",
    entries: [
      {
        to: "/perfil",
        label: "Meu perfil",
        description: "Seu nome, e-mail, senha e os aparelhos conectados à sua conta.",
        resource: "account",
      },
      {
        to: "/settings/preferences",
        label: "Preferências",
        description: "Modo de cor do Alicerce: claro, escuro ou o do seu aparelho.",
        resource: "account",
      },
    ],
  },
  {
    id: "empresa",
    title: "Empresa",
    entries: [
      {
        to: "/config",
        label: "Perfil do Negócio",
        description: "Nome, CPF/CNPJ, CRECI, endereço, WhatsApp, logo e a voz da marca.",
        resource: "organization",
      },
      {
        to: "/pix",
        label: "Pix",
        description: "A chave Pix que recebe as vendas, com o nome e a cidade que aparecem para quem paga.",
        resource: "business-settings",
      },
      {
        to: "/cores",
        label: "Estilização",
        description: "Cores, fonte e logo das artes dos posts, e a cor de destaque do Alicerce.",
        resource: "brand",
      },
    ],
  },
  {
    id: "regras",
    title: "Regras do negócio",
    entries: [
      {
        to: "/business-settings",
        label: "Configurações do Negócio",
        description:
          "Regras que valem para toda a equipe: estoque negativo, corretores só com os próprios imóveis, fuso horário, limite de IA e agenda.",
        resource: "business-settings",
      },
    ],
  },
  {
    id: "equipe",
    title: "Equipe",
    entries: [
      {
        to: "/admin/users",
        label: "Usuários",
        description: "Convide pessoas, defina papéis e desative acessos.",
        resource: "team",
      },
    ],
  },
  {
    id: "integracoes",
    title: "Integrações",
    entries: [
      {
        to: "/portais",
        label: "Portais",
        description: "Feed de imóveis e contatos do Grupo ZAP (ZAP Imóveis, Viva Real) e da OLX.",
        resource: "organization",
      },
      {
        to: "/facebook-connection",
        label: "Conexão Facebook",
        description: "O login do Facebook, as permissões concedidas e a validade do acesso.",
        resource: "social-settings",
      },
      {
        to: "/instagram-connection",
        label: "Conexão Instagram",
        description: "A conta do Instagram conectada, as permissões e a validade do acesso.",
        resource: "social-settings",
      },
      {
        to: "/facebook-pages",
        label: "Páginas do Facebook",
        description: "Em quais Páginas, e nos Instagram ligados a elas, o Alicerce publica.",
        resource: "social-settings",
      },
      {
        to: "/admin/social-credentials",
        label: "Credenciais Sociais",
        description: "O app da Meta desta organização (ID, chave secreta, token do webhook) ou o da plataforma.",
        resource: "social-settings",
      },
      {
        to: "/test-facebook",
        label: "Diagnóstico do Facebook",
        description: "Cada Página conferida na Meta: acesso, permissões, acesso para publicar e o Instagram vinculado.",
        resource: "social-settings",
      },
      {
        to: "/test-social-integration",
        label: "Diagnóstico da Integração",
        description: "O app da Meta em uso, a validade de cada acesso e a cota do Instagram.",
        resource: "social-settings",
      },
      {
        to: "/test-posting",
        label: "Teste de Publicação",
        description: "Um teste sem publicar nada e, se quiser, um post real de teste numa Página.",
        resource: "social-settings",
      },
    ],
  },
  {
    id: "sistema",
    title: "Sistema",
    entries: [
      {
        to: "/setup-database",
        label: "Banco de Dados",
        description: "Conexão com o banco e migrações aplicadas ou pendentes.",
        resource: "system",
      },
      {
        to: "/supabase-test",
        label: "Diagnóstico do Sistema",
        description: "Banco, arquivos, tarefas, e-mail, IA e Meta: o que está funcionando.",
        resource: "system",
      },
    ],
  },
];

/** Every page of the settings area (the menu marks "Configurações" current on any of them). */
export const SETTINGS_PATHS: readonly string[] = [SETTINGS_HOME.to, ...SETTINGS_SECTIONS.flatMap((s) => s.entries.map((e) => e.to))];

/** Whether `pathname` is `path` or a page below it ("/" only itself). */
export function isUnder(pathname: string, path: string): boolean {
  return path === "/" ? pathname === "/" : pathname === path || pathname.startsWith(`${path}/`);
}

/** The menu of a member who may read `readable`, from every item (areas and records). */
export function menuOf(items: readonly NavItem[], readable: readonly string[]): NavMenu {
  return {
    groups: NAV_GROUPS.map((group) => ({
      group,
      items: items
        .filter((i) => i.group === group && readable.includes(i.resource))
        .sort((a, b) => a.order - b.order)
        .map(({ to, label }) => ({ to, label })),
    })).filter((g) => g.items.length > 0),
    settings: { to: SETTINGS_HOME.to, label: SETTINGS_HOME.label },
  };
}

/** The settings area's sections a member who may read `readable` sees. */
export function settingsOf(readable: readonly string[]): SettingsMenu {
  return SETTINGS_SECTIONS.map(({ id, title, entries }) => ({
    id,
    title,
    entries: entries.filter((e) => readable.includes(e.resource)).map(({ to, label, description }) => ({ to, label, description })),
  })).filter((s) => s.entries.length > 0);
}

/**
 * Every screen the menus lead to, with the resource whose "read" opens it: the main menu's items,
 * the settings overview and each settings entry. The app layout refuses a screen here to a role
 * the table refuses, and the role-menu test checks that a role's menus show exactly its screens.
 */
export function screensOf(items: readonly NavItem[]): Screen[] {
  return [
    ...items.map(({ to, label, resource }) => ({ to, label, resource })),
    SETTINGS_HOME,
    ...SETTINGS_SECTIONS.flatMap((s) => s.entries.map(({ to, label, resource }) => ({ to, label, resource }))),
  ];
}

export const ROLE_LABELS: Readonly<Record<Role, string>> = ROLE.labels;
