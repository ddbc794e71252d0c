import { data, Form, Link } from "react-router";
import type { Route } from "./+types/professionals.$id";
import { WeeklyAvailabilityForm } from "../../components/agenda/weekly-availability.tsx";
import { TimeOffCard } from "../../components/agenda/time-off-card.tsx";
import { REAUTH_HINT, ReauthField } from "../../components/account/reauth-field.tsx";
import { RecordHeader, ResourceDetail } from "../../components/data/detail.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buildDetailView } from "../../components/data/view.server.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Toaster } from "../../components/ui/toast.tsx";
import { describeTimeOff, timeOffStatus, weekFromForm } from "../../../shared/agenda/availability.ts";
import { colorName, colorStyle } from "../../../shared/agenda/professional-colors.ts";
import { ROLE } from "../../../shared/enums/account.ts";
import { COMMISSION_KIND } from "../../../shared/enums/agenda.ts";
import { commissionText, profissionalDefinition } from "../../../shared/resources/profissionais.ts";
import { isId } from "../../../shared/id.ts";
import { definitionByApi } from "../../../shared/resources/definitions.ts";
import { formatDateTimeIn, TIME_ZONES, timeZoneOf } from "../../../shared/time-zone.ts";
import { titleMeta } from "../../lib/title.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { deleteOne, guard, screenPermissions, takeFlash, toastFor } from "../../server/resources.server.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { needsReauth, REAUTH_FIELD, requireRecentAuth } from "../../../worker/auth/reauth.ts";
import { RateLimitedError } from "../../../worker/security/rate-limit.ts";
import { inviteProfessional } from "../../../worker/services/agenda/professional-login.ts";
import {
  AvailabilityError,
  addedTimeOffMessage,
  addTimeOff,
  removeTimeOff,
  saveAvailability,
  TimeOffError,
} from "../../../worker/services/agenda/professional-schedule.ts";
import { professionalPage } from "../../../worker/services/agenda/professional-screens.ts";
import { DomainError } from "../../../worker/services/context.ts";

/**
 * A professional's page (ADR 064): who they are and their commission, the services they
 * perform, the weekly availability editor (inside the business hours), their time off, and
 * their login (a member linked in the form, or an invite by e-mail through the team's flow).
 */
const def = profissionalDefinition;

export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.view.title ?? "Profissional");

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor, org, auth } = guard(args, def, "read");
  const page = isId(args.params.id) ? await professionalPage(ctx, actor, args.params.id) : null;
  if (!page) throw data("Profissional não encontrado.", { status: 404 });
  const zone = timeZoneOf(actor.timeZone);
  const { professional: p } = page;
  const permissions = screenPermissions(args, def);
  const manager = can(org.role, "team", "update");
  const servicesBase = definitionByApi("servicos")?.basePath ?? null;
  const commission = p.comissaoTipo ? commissionText(p) : `Padrão do negócio (${page.defaultCommission})`;
  return {
    view: buildDetailView(
      def,
      p,
      {
        servicoIds: page.services.length ? { kind: "tags", tags: page.services.map((s) => s.nome) } : { kind: "empty" },
        usuarioId: page.member
          ? { kind: "text", text: `${page.member.nome} (${page.member.email})` }
          : { kind: "text", text: "Sem acesso" },
        // The kind, or the default it falls back to; the value reads in its own field (% or R$).
        comissaoTipo: { kind: "text", text: p.comissaoTipo ? COMMISSION_KIND.label(p.comissaoTipo) : commission },
      },
      zone,
    ),
    color: { style: colorStyle(p.cor), name: colorName(p.cor) },
    nome: p.nome,
    ativo: p.ativo,
    agendaOnline: p.agendaOnline,
    commission,
    // Each links to its page where Serviços has one.
    services: page.services.map((s) => ({
      id: s.id,
      text: `${s.nome} · ${s.duracao} min${s.ativo ? "" : " (inativo)"}`,
      href: servicesBase ? `${servicesBase}/${s.id}` : null,
    })),
    semana: page.semana,
    horario: page.horario,
    horarioDefinido: page.horarioDefinido,
    timeOff: page.timeOff.map((t) => {
      const start = Date.parse(t.inicio);
      const end = Date.parse(t.fim);
      return {
        id: t.id,
        when: describeTimeOff(start, end, zone),
        motivo: t.motivo ?? "Folga",
        status: timeOffStatus(start, end, ctx.now.getTime()),
      };
    }),
    zoneLabel: `fuso ${TIME_ZONES.label(zone)}`,
    member: page.member ? { ...page.member, papel: ROLE.label(page.member.papel) } : null,
    email: p.email,
    invite: page.invite ? { ...page.invite, enviadoEm: formatDateTimeIn(page.invite.enviadoEm, zone) } : null,
    canInvite: manager && permissions.canUpdate && !page.member,
    reauth: manager && needsReauth(auth, ctx.now),
    permissions,
    confirm: permissions.canDelete && new URL(args.request.url).searchParams.has("excluir") ? "excluir" : null,
    toast: toastFor(def, takeFlash(args)),
    // The definition (with its zod schema) stays on the server: the page gets what it shows.
    listHref: def.basePath,
    listLabel: def.labels.listTitle,
  };
}

type ActionResult =
  // `errors`: the week's pt-BR problems (the name every form's refusal uses).
  | { intent: "disponibilidade"; errors?: string[]; saved?: string }
  | { intent: "folga"; errors?: Record<string, string>; values?: Record<string, string>; saved?: string }
  | { intent: "remover-folga"; saved: string }
  | { intent: "convidar"; error?: string; field?: string; saved?: string }
  | { intent: "excluir"; error: string };

function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** The time off form's fields as typed. */
function timeOffValues(form: FormData) {
  return {
    tipo: text(form, "tipo"),
    detalhe: text(form, "detalhe"),
    dataInicio: text(form, "dataInicio"),
    horaInicio: text(form, "horaInicio"),
    dataFim: text(form, "dataFim"),
    horaFim: text(form, "horaFim"),
  };
}

export async function action(args: Route.ActionArgs) {
  const id = args.params.id;
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "excluir") return deleteOne(args, def, id);
  // Every other change edits the professional: who may not gets the answer before anything is read.
  const { ctx, actor, org, auth } = guard(args, def, "update");
  try {
    switch (intent) {
      case "disponibilidade":
        await saveAvailability(ctx, actor, id, weekFromForm(form.entries()));
        return { intent, saved: "Disponibilidade salva." } satisfies ActionResult;
      case "folga": {
        const added = await addTimeOff(ctx, actor, id, timeOffValues(form));
        return { intent, saved: addedTimeOffMessage(added) } satisfies ActionResult;
      }
      case "remover-folga":
        await removeTimeOff(ctx, actor, id, text(form, "folgaId"));
        return { intent, saved: "Folga removida." } satisfies ActionResult;
      case "convidar": {
        const proof = await requireRecentAuth(ctx, auth, text(form, "senha") || null);
        const message = await inviteProfessional(ctx, actor, org, { id: auth.user.id, name: auth.user.name }, id, proof);
        return { intent, saved: message } satisfies ActionResult;
      }
      default:
        return unknownIntent();
    }
  } catch (error) {
    if (error instanceof AvailabilityError)
      return data({ intent: "disponibilidade", errors: error.problems } satisfies ActionResult, { status: 422 });
    if (error instanceof TimeOffError) {
      const values: Record<string, string> = { ...timeOffValues(form) };
      return data({ intent: "folga", errors: error.errors, values } satisfies ActionResult, { status: 400 });
    }
    if (error instanceof DomainError && error.status !== 404 && error.status !== 403) {
      if (intent === "convidar" || error instanceof RateLimitedError) {
        const field = error.field === REAUTH_FIELD ? "senha" : error.field;
        const status = error.status;
        return data({ intent: "convidar", error: error.message, ...(field ? { field } : {}) } satisfies ActionResult, { status });
      }
      if (intent === "disponibilidade") return data({ intent, errors: [error.message] } satisfies ActionResult, { status: error.status });
      return data({ intent: "excluir", error: error.message } satisfies ActionResult, { status: error.status });
    }
    if (error instanceof DomainError) throw data(error.message, { status: error.status });
    throw error;
  }
}

export default function Profissional({ loaderData, actionData }: Route.ComponentProps) {
  const { view, permissions, confirm, toast, color, listHref, listLabel } = loaderData;
  const result = actionData as ActionResult | undefined;
  const of = <I extends ActionResult["intent"]>(intent: I) =>
    result?.intent === intent ? (result as Extract<ActionResult, { intent: I }>) : undefined;
  const week = of("disponibilidade");
  const timeOff = of("folga");
  const removed = of("remover-folga");
  const invite = of("convidar");
  const refused = of("excluir");
  return (
    <>
      <RecordHeader
        view={view}
        listHref={listHref}
        listLabel={listLabel}
        canWrite={permissions.canWrite}
        canEdit={permissions.canUpdate}
        canDelete={permissions.canDelete}
        confirmingDelete={confirm === "excluir"}
        error={refused?.error ?? null}
        deleteNote="O profissional sai da lista e da agenda para novos agendamentos. Os agendamentos já feitos continuam. Você pode desfazer logo em seguida."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <Card title="Disponibilidade semanal">
            <WeeklyAvailabilityForm
              semana={loaderData.semana}
              horario={loaderData.horario}
              horarioDefinido={loaderData.horarioDefinido}
              problems={week?.errors ?? null}
              saved={week?.saved ?? null}
              canEdit={permissions.canUpdate}
            />
          </Card>
          <Card title="Folgas, férias e consultas">
            {timeOff?.saved || removed?.saved ? (
              <p role="status" className="mb-3 text-sm font-medium text-ok">
                {timeOff?.saved ?? removed?.saved}
              </p>
            ) : null}
            <TimeOffCard
              items={loaderData.timeOff}
              canEdit={permissions.canUpdate}
              errors={timeOff?.errors ?? null}
              values={timeOff?.values ?? null}
              zoneLabel={loaderData.zoneLabel}
            />
          </Card>
          <ResourceDetail view={view} />
        </div>
        {/* On a phone the summary comes first; beside the editors from lg up. */}
        <div className="order-first min-w-0 space-y-6 lg:order-none">
          <Card title="Resumo">
            <p className="mb-3">
              <span className="inline-block rounded-md px-2.5 py-1 text-sm font-semibold" style={color.style}>
                {loaderData.nome}
              </span>
              <span className="ml-2 text-sm text-fg-soft">Cor na agenda: {color.name}</span>
            </p>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-fg-soft">Situação</dt>
                <dd>
                  <span className={loaderData.ativo ? "badge badge-green" : "badge badge-neutral"}>
                    {loaderData.ativo ? "Ativo" : "Inativo"}
                  </span>
                </dd>
              </div>
              <div>
                <dt className="text-fg-soft">Agenda online</dt>
                <dd>{loaderData.agendaOnline ? "Aceita" : "Não aceita"}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-fg-soft">Comissão</dt>
                <dd className="tabular-nums">{loaderData.commission}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-fg-soft">Serviços que realiza</dt>
                <dd>
                  {loaderData.services.length ? (
                    <ul className="mt-1 flex flex-wrap gap-1.5">
                      {loaderData.services.map((s) => (
                        <li key={s.id} className="badge badge-neutral">
                          {s.href ? (
                            <Link to={s.href} className="hover:underline">
                              {s.text}
                            </Link>
                          ) : (
                            s.text
                          )}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span>
                      Nenhum ainda.{" "}
                      {permissions.canUpdate ? (
                        <Link to={`${listHref}/${view.id}/edit`} className="font-semibold text-accent hover:underline">
                          Escolher serviços
                        </Link>
                      ) : null}
                    </span>
                  )}
                </dd>
              </div>
            </dl>
          </Card>
          <Card title="Acesso ao sistema">
            {loaderData.member ? (
              <p className="text-sm">
                Entra como <strong>{loaderData.member.nome}</strong> ({loaderData.member.email}), papel {loaderData.member.papel}
                {loaderData.member.ativo ? "" : " — acesso desativado em Usuários"}. Vê a própria agenda e o atendimento.
              </p>
            ) : (
              <div className="space-y-3 text-sm">
                <p>Sem acesso ao sistema. Vincule um membro da equipe em Editar, ou convide por e-mail.</p>
                {loaderData.invite ? (
                  <p className="text-fg-soft">
                    Convite para {loaderData.invite.email} enviado em {loaderData.invite.enviadoEm}
                    {loaderData.invite.expirado ? " (expirado: convide de novo)" : ", aguardando o aceite"}.
                  </p>
                ) : null}
                {invite?.saved ? (
                  <Alert tone="success">{invite.saved}</Alert>
                ) : invite?.error && invite.field !== "senha" ? (
                  <Alert tone="error">{invite.error}</Alert>
                ) : null}
                {loaderData.canInvite ? (
                  loaderData.email ? (
                    <Form method="post" className="space-y-2">
                      <input type="hidden" name="intent" value="convidar" />
                      {loaderData.reauth || invite?.field === "senha" ? (
                        <ReauthField hint={REAUTH_HINT} error={invite?.field === "senha" ? invite.error : undefined} />
                      ) : null}
                      <Button type="submit" variant="secondary">
                        Convidar {loaderData.email}
                      </Button>
                      <p className="text-xs text-fg-soft">
                        O convite é o mesmo de Usuários, com o papel Profissional. Ao aceitar, a pessoa entra já vinculada a este
                        profissional.
                      </p>
                    </Form>
                  ) : (
                    <p>
                      <Link to={`${listHref}/${view.id}/edit`} className={buttonClass("secondary")}>
                        Cadastrar o e-mail para convidar
                      </Link>
                    </p>
                  )
                ) : null}
              </div>
            )}
          </Card>
        </div>
      </div>
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
