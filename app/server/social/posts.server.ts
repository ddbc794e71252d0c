/**
 * The post screens' server side (issue 19): the editor's loader and its one action (save, then
 * send, approve or schedule), and the moves a post's page and Rascunhos make. Thin: the rules
 * are the schema's, the state machine's and worker/services/social/.
 */
import { data, redirect } from "react-router";
import { SOCIAL_NETWORK } from "../../../shared/enums/social.ts";
import { type PostInput, type PostRow, postDefinition } from "../../../shared/resources/posts.ts";
import { localDateTimeInstant } from "../../../shared/resources/schema-helpers.ts";
import { postFromProperty } from "../../../shared/social/post-from-property.ts";
import { postLocalTime } from "../../../shared/social/post-time.ts";
import { TIME_ZONES, timeZoneOf } from "../../../shared/time-zone.ts";
import { FORM_ERROR_KEY, validateForm } from "../../../shared/validation.ts";
import { isId } from "../../../shared/id.ts";
import { can, reachFor } from "../../../worker/auth/permissions.ts";
import { createRecord, getRecord, updateRecord } from "../../../worker/resources/records.ts";
import { type Actor, DomainError, type ServiceContext } from "../../../worker/services/context.ts";
import type { PostImage } from "../../../shared/social/post-screens.ts";
import { type PostAccount, type PostPhoto, postEditorData } from "../../../worker/services/social/post-editor.ts";
import { isPersonMove, movePost, type PersonMove, readinessProblem } from "../../../worker/services/social/posts.ts";
import { readForm, unknownIntent } from "../forms.server.ts";
import { FORBIDDEN_MESSAGE } from "../guards.server.ts";
import { echoValues, guard, type EchoValues } from "../resources.server.ts";

type Args = Parameters<typeof guard>[0];

const def = postDefinition;

/** What the editor's buttons ask: keep a draft, send for approval, approve to go now, approve at a time. */
export const EDITOR_INTENTS = ["salvar", "enviar", "publicar", "agendar"] as const;
export type EditorIntent = (typeof EDITOR_INTENTS)[number];

/** The pt-BR line a post's page shows after the editor or a move (`?feito=`): fixed texts, never the URL's. */
export const DONE_MESSAGES = {
  salvo: "Rascunho salvo.",
  enviado: "Enviado para aprovação. O dono ou um administrador vai revisar.",
  agendado: "Aprovado e agendado.",
  publicando: "Aprovado: o post sai agora.",
  devolvido: "Devolvido para rascunho.",
  cancelado: "Cancelado: o que ainda não tinha saído não sai mais.",
  "tentando-de-novo": "Vamos tentar de novo só na rede que falhou.",
} as const;
export type DoneKey = keyof typeof DONE_MESSAGES;

export function doneMessage(url: URL): string | null {
  const key = url.searchParams.get("feito");
  return key && Object.hasOwn(DONE_MESSAGES, key) ? DONE_MESSAGES[key as DoneKey] : null;
}

/** The form's values as its inputs show them. */
export interface PostFormValues {
  legenda: string;
  link: string;
  primeiroComentario: string;
  textoAlternativo: string;
  imovelId: string;
  /** The produto or serviço the post came from (kept by an edit; /gerar-postagem sets them). */
  produtoId: string;
  servicoId: string;
  contas: string[];
  midias: string[];
  /** Each image's alt text, by position (a carousel's). */
  textosAlternativos: string[];
  /** "aaaa-mm-ddTHH:mm" on the organização's clock, or "". */
  agendadoPara: string;
}

export interface PostEditorView {
  postId: string | null;
  title: string;
  description: string;
  cancelHref: string;
  values: PostFormValues;
  accounts: PostAccount[];
  photos: PostPhoto[];
  /** The post's images uploaded from the device. */
  uploads: PostImage[];
  /** The imóvel the post comes from, for the picker's chip. */
  property: { id: string; title: string } | null;
  /** Owner/admin: "Publicar agora" and "Agendar"; others "Enviar para aprovação". */
  canApprove: boolean;
  /** The post is approved already: saving keeps it scheduled. */
  approved: boolean;
  /** Why this member may not change the post now (the editor shows it instead of the form). */
  locked: string | null;
  /** "Brasília (America/Sao_Paulo)": the zone the time is typed in. */
  zoneLabel: string;
  /** Each network's status as it is (an edited post). */
  redes: PostRow["redes"];
}

function valuesOf(row: PostRow, zone: string): PostFormValues {
  return {
    legenda: row.legenda,
    link: row.link ?? "",
    primeiroComentario: row.primeiroComentario ?? "",
    textoAlternativo: row.textoAlternativo ?? "",
    imovelId: row.imovelId ?? "",
    produtoId: row.produtoId ?? "",
    servicoId: row.servicoId ?? "",
    contas: row.contas,
    midias: row.midias,
    textosAlternativos: row.midias.map((_m, i) => row.textosAlternativos[i] ?? ""),
    agendadoPara: row.agendadoPara ? postLocalTime(row.agendadoPara, zone) : "",
  };
}

const EMPTY: PostFormValues = {
  legenda: "",
  link: "",
  primeiroComentario: "",
  textoAlternativo: "",
  imovelId: "",
  produtoId: "",
  servicoId: "",
  contas: [],
  midias: [],
  textosAlternativos: [],
  agendadoPara: "",
};

/** Why a member may not edit this post now, or null (the same rule as the module's writeCondition). */
function lockedReason(actor: Actor, row: PostRow): string | null {
  if (row.redes.some((t) => t.status === "publicando" || t.status === "publicado")) {
    return "Este post já saiu (ou está saindo) em uma rede: o conteúdo não muda mais. Cancele o que ainda não saiu ou crie outro post.";
  }
  if (!can(actor.role, def.name, "approve") && row.aprovacao !== "rascunho") {
    return "Este post já foi enviado para aprovação. Quem altera agora é o dono ou um administrador.";
  }
  return null;
}

/** The editor of a new post (`?imovel=` starts it from an imóvel) or of post `id`. */
export async function postEditorLoader(args: Args, id: string | undefined): Promise<PostEditorView> {
  const { ctx, actor } = guard(args, def, id ? "update" : "create");
  if (id !== undefined && !isId(id)) throw data("Post não encontrado.", { status: 404 });
  const url = new URL(args.request.url);
  const zone = timeZoneOf(actor.timeZone);
  const fromProperty = id ? null : url.searchParams.get("imovel");
  const loaded = await postEditorData(ctx, actor, { postId: id, propertyId: fromProperty });
  if (id && !loaded.row) {
    // Readable but not theirs to change (a drafter's view of a colleague's post): refused, not missing.
    if (reachFor(actor, def.name, "update") === "own" && (await getRecord(ctx, actor, def.name, id))) {
      throw data(FORBIDDEN_MESSAGE, { status: 403 });
    }
    throw data("Post não encontrado.", { status: 404 });
  }
  // A drafter reads every post but changes only theirs: another's editor is refused, not missing.
  if (loaded.row && reachFor(actor, def.name, "update") === "own" && loaded.row.criadoPor !== actor.userId) {
    throw data(FORBIDDEN_MESSAGE, { status: 403 });
  }
  const property = loaded.property;
  const propertyTitle = property ? property.titulo?.trim() || `Imóvel ${property.codigo}` : null;
  let values = loaded.row ? valuesOf(loaded.row, zone) : EMPTY;
  if (!loaded.row && property) {
    const start = postFromProperty(ctx.origin, property, loaded.photos);
    values = { ...EMPTY, ...start };
  }
  const row = loaded.row;
  return {
    postId: row?.id ?? null,
    title: row ? def.labels.editTitle : def.labels.newTitle,
    description: row ? def.title(row) : propertyTitle ? `A partir de ${propertyTitle}.` : (def.screens?.newDescription ?? ""),
    cancelHref: row ? `/posts/${row.id}` : property ? `/properties/${property.id}` : "/rascunhos",
    values,
    accounts: loaded.accounts,
    photos: loaded.photos,
    uploads: loaded.uploads,
    property: property && propertyTitle ? { id: property.id, title: propertyTitle } : null,
    canApprove: can(actor.role, def.name, "approve"),
    approved: row?.aprovacao === "aprovado",
    locked: row ? lockedReason(actor, row) : null,
    zoneLabel: TIME_ZONES.label(zone),
    redes: row?.redes ?? [],
  };
}

export type EditorFailure = { errors: Record<string, string>; values: EchoValues };

function fail(errors: Record<string, string>, values: EchoValues, status = 400) {
  return data<EditorFailure>({ errors, values }, { status });
}

function intentOf(form: FormData): EditorIntent | null {
  const intent = form.get("intent") ?? "salvar";
  return (EDITOR_INTENTS as readonly string[]).includes(String(intent)) ? (intent as EditorIntent) : null;
}

/** What the post would be once saved, as `readinessProblem` reads it (networks from the chosen accounts). */
function wouldBe(input: PostInput, accounts: readonly PostAccount[]): PostRow {
  const redes = input.contas.flatMap((contaId) => {
    const account = accounts.find((a) => a.id === contaId);
    return account ? [{ rede: account.rede, contaId }] : [];
  });
  return { ...input, redes, link: input.link ?? null, agendadoPara: input.agendadoPara ?? null } as unknown as PostRow;
}

/** An account chosen that cannot publish now (reconnect first), in pt-BR; null when all can. */
function accountProblem(input: PostInput, accounts: readonly PostAccount[]): string | null {
  for (const id of input.contas) {
    const account = accounts.find((a) => a.id === id);
    if (!account) return "Conta não encontrada. Escolha uma conta conectada em Conectar Redes.";
    if (account.status !== "ativa") {
      return `A conta ${account.nome} (${SOCIAL_NETWORK.label(account.rede)}) precisa ser reconectada em Conectar Redes antes de publicar.`;
    }
  }
  const networks = input.contas.map((id) => accounts.find((a) => a.id === id)?.rede);
  if (new Set(networks).size !== networks.length) return "Escolha uma conta por rede: uma Página do Facebook e/ou uma conta do Instagram.";
  return null;
}

/**
 * The editor's one action: validate everything first (the schema, and for a send or an approval
 * what the post needs to go), so a refusal saves nothing; then save; then the move. Answers the
 * errors next to their fields, or goes to the post's page saying what happened.
 */
export async function postEditorAction(args: Args, id: string | undefined) {
  const { ctx, actor } = guard(args, def, id ? "update" : "create");
  if (id !== undefined && !isId(id)) throw data("Post não encontrado.", { status: 404 });
  const form = await readForm(args.request);
  const intent = intentOf(form);
  if (!intent) return unknownIntent();
  const approving = intent === "publicar" || intent === "agendar";
  if (approving && !can(actor.role, def.name, "approve")) throw data(FORBIDDEN_MESSAGE, { status: 403 });
  const values = echoValues(form);
  const zone = timeZoneOf(actor.timeZone);
  // The time is typed on the organização's clock; "Publicar agora" ignores it.
  // The editor's input is `agendadoParaLocal`; a form that sends `agendadoPara` is read the same way.
  const local = form.has("agendadoParaLocal") ? "agendadoParaLocal" : "agendadoPara";
  const typed = form.getAll(local);
  form.delete("agendadoParaLocal");
  if (intent === "publicar") form.set("agendadoPara", "");
  else if (typed.length === 1 && typeof typed[0] === "string") {
    const instant = localDateTimeInstant(typed[0].trim(), zone);
    form.set("agendadoPara", instant ?? typed[0]);
  } else if (typed.length > 1) form.set("agendadoPara", "várias datas");
  if (intent === "agendar" && !String(form.get("agendadoPara") ?? "").trim()) {
    return fail({ agendadoPara: "Escolha a data e a hora em que o post sai." }, values);
  }
  const parsed = validateForm(def.schema, form);
  if (!parsed.ok) return fail(parsed.errors, values);
  const input = parsed.data;
  const { accounts } = await postEditorData(ctx, actor, {});
  if (intent !== "salvar") {
    const account = accountProblem(input, accounts);
    if (account) return fail({ contas: account }, values, 422);
    const problem = readinessProblem(wouldBe(input, accounts), ctx.now, intent === "enviar" ? "enviar" : "aprovar");
    if (problem) return fail({ [problem.field]: problem.message }, values, 422);
  }
  let postId = id ?? null;
  try {
    if (id) {
      // An approved post edited to "Publicar agora" goes now: its time becomes this instant.
      const wasApproved = approving && (await getRecord(ctx, actor, def.name, id))?.aprovacao === "aprovado";
      const save = wasApproved && intent === "publicar" ? { ...input, agendadoPara: ctx.now.toISOString() } : input;
      await updateRecord(ctx, actor, def.name, id, save);
      if (wasApproved) throw redirect(`/posts/${id}?feito=${intent === "publicar" ? "publicando" : "agendado"}`);
    } else {
      postId = (await createRecord(ctx, actor, def.name, input)).id;
    }
  } catch (error) {
    if (error instanceof DomainError) {
      if (error.status === 404) throw data(error.message, { status: 404 });
      if (error.status === 403) throw data(error.message, { status: 403 });
      return fail({ [error.field ?? FORM_ERROR_KEY]: error.message }, values, error.status);
    }
    throw error;
  }
  if (!postId) throw data("Post não encontrado.", { status: 404 });
  if (intent === "salvar") throw redirect(`/posts/${postId}?feito=salvo`);
  const move: PersonMove = intent === "enviar" ? "enviar" : "aprovar";
  const done: DoneKey = intent === "enviar" ? "enviado" : input.agendadoPara ? "agendado" : "publicando";
  try {
    await movePost(ctx, actor, postId, move);
  } catch (error) {
    // Saved, but the move was refused meanwhile (someone else moved it): its page says where it is.
    if (error instanceof DomainError) throw redirect(`/posts/${postId}?feito=salvo`);
    throw error;
  }
  throw redirect(`/posts/${postId}?feito=${done}`);
}

/** The line a move leaves on the page. */
const MOVE_DONE: Record<PersonMove, DoneKey> = {
  enviar: "enviado",
  aprovar: "agendado",
  devolver: "devolvido",
  cancelar: "cancelado",
  tentar_de_novo: "tentando-de-novo",
};

/**
 * A move from a post's page or from Rascunhos (`intent` = the move, `id` = the post): done, or
 * its pt-BR refusal on the same page. `back` is where to go after (the same page).
 */
export async function postMoveAction(args: Args, form: FormData, postId: string, back: (done: DoneKey) => string) {
  const intent = String(form.get("intent") ?? "");
  if (!isPersonMove(intent)) return unknownIntent();
  const { ctx, actor } = guard(args, def, "read");
  if (!isId(postId)) throw data("Post não encontrado.", { status: 404 });
  try {
    const row = await movePost(ctx as ServiceContext, actor, postId, intent);
    const done = intent === "aprovar" && !row.agendadoPara ? "publicando" : MOVE_DONE[intent];
    throw redirect(back(done));
  } catch (error) {
    if (error instanceof DomainError) {
      if (error.status === 404 || error.status === 403) throw data(error.message, { status: error.status });
      return data({ error: error.message, postId }, { status: error.status });
    }
    throw error;
  }
}
