import { type ReactNode, type Ref, useEffect, useRef } from "react";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/team";
import type { Role } from "../../../db/schema/organizations.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { Field, FormError, SelectField, useFormValidation } from "../../components/ui/form.tsx";
import { formatDate, formatDateTime } from "../../../shared/format.ts";
import { titleMeta } from "../../lib/title.ts";
import { ROLE_LABELS } from "../../modules/navigation.ts";
import { teamPageSchema } from "../../../shared/organization/invites.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { domainFailure, parseForm, keepRetryAfter } from "../../server/forms.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import {
  changeRole,
  inviteMember,
  inviteSentMessage,
  listMembers,
  listPendingInvites,
  resendInvite,
  revokeInvite,
  setActive,
} from "../../../worker/services/organization/team.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { needsReauth, requireRecentAuth } from "../../../worker/auth/reauth.ts";
import { REAUTH_HINT, ReauthField } from "../../components/account/reauth-field.tsx";
import { timeZoneOf } from "../../../shared/time-zone.ts";

export const meta: Route.MetaFunction = () => titleMeta("Usuários");

/** The form's schema, loaded after the page is usable: zod stays out of the page's first JavaScript. */
const loadInviteSchema = () => import("../../../shared/organization/team.ts").then((m) => m.inviteSchema);

const ROLE_ORDER: readonly Role[] = ["owner", "admin", "staff", "professional"];

const ROLE_HELP: Record<Role, string> = {
  owner: "tudo, inclusive a equipe e outros donos",
  admin: "tudo, exceto mexer nos donos",
  staff: "o dia a dia do negócio, sem configurações",
  professional: "só a própria agenda e atendimentos",
};

/** Roles the signed-in person may hand out: only an owner makes owners. */
function offerableRoles(actor: Role): Role[] {
  return ROLE_ORDER.filter((r) => r !== "owner" || actor === "owner");
}

type Status = "ativo" | "desativado";

const STATUS: Record<Status, { label: string; className: string }> = {
  ativo: { label: "Ativo", className: "bg-ok-soft text-ok" },
  desativado: { label: "Desativado", className: "bg-muted text-fg-soft" },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, auth, org } = requirePermission(context, request, "team", "read");
  const ctx = serviceContext(rc);
  const [members, invites] = await Promise.all([listMembers(ctx, org), listPendingInvites(ctx, org)]);
  // ?desativar=<id> and ?revogar=<id> are confirmation steps: they work without JavaScript and change nothing.
  const params = new URL(request.url).searchParams;
  const confirmId = params.get("desativar");
  const revokeId = params.get("revogar");
  return {
    me: auth.user.id,
    actorRole: org.role,
    // The password is asked again when the last one is older than the window (the action checks too).
    reauth: can(org.role, "team", "update") && needsReauth(auth, ctx.now),
    confirmId: members.some((m) => m.membershipId === confirmId && m.active) ? confirmId : null,
    revokeId: invites.some((i) => i.id === revokeId) ? revokeId : null,
    members: members.map((m) => ({
      membershipId: m.membershipId,
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      status: (m.active ? "ativo" : "desativado") as Status,
      since: formatDate(m.joinedAt, timeZoneOf(org.timeZone)),
    })),
    invites: invites.map((i) => ({
      id: i.id,
      email: i.email,
      name: i.name,
      role: i.role,
      invitedBy: i.invitedBy ?? "—",
      sentAt: formatDateTime(i.sentAt, timeZoneOf(org.timeZone)),
      expiresAt: formatDateTime(i.expiresAt, timeZoneOf(org.timeZone)),
      expired: i.expired,
    })),
  };
}

type Intent = "convidar" | "papel" | "desativar" | "reativar" | "reenviar" | "revogar";

function done(intent: Intent, message: string) {
  return { ok: true as const, intent, message };
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const { rc, auth, org } = requirePermission(context, request, "team", "update");
  const parsed = await parseForm(request, teamPageSchema);
  if (!parsed.ok) return parsed.response;
  const ctx = serviceContext(rc);
  const input = parsed.data;
  try {
    // Every team change needs a recent password (typed in this same submit when asked).
    const proof = await requireRecentAuth(ctx, auth, input.senha);
    const me = { id: auth.user.id, name: auth.user.name };
    switch (input.intent) {
      case "convidar":
        await inviteMember(ctx, org, me, { nome: input.nome, email: input.email, papel: input.papel }, proof);
        // The same answer whatever the e-mail: it tells nothing about other organizations' accounts.
        return done("convidar", inviteSentMessage(input.email));
      case "reenviar": {
        const email = await resendInvite(ctx, org, me, input.inviteId, proof);
        return done("reenviar", `Convite reenviado para ${email}. O link anterior deixou de valer.`);
      }
      case "revogar": {
        const email = await revokeInvite(ctx, org, input.inviteId, proof);
        return done("revogar", `Convite para ${email} revogado.`);
      }
      case "papel": {
        const changed = await changeRole(ctx, org, input.membershipId, input.papel, proof);
        // Someone who just gave up managing can't stay on this page: show them where they stand.
        if (changed.userId === auth.user.id && !can(input.papel, "team", "read")) return redirect(`/settings?papel=${input.papel}`);
        return done("papel", `Papel alterado para ${ROLE_LABELS[input.papel]}.`);
      }
      case "desativar":
        await setActive(ctx, org, auth.user.id, input.membershipId, false, proof);
        return done("desativar", "Acesso desativado. As sessões dessa pessoa foram encerradas.");
      case "reativar":
        await setActive(ctx, org, auth.user.id, input.membershipId, true, proof);
        return done("reativar", "Acesso reativado.");
    }
  } catch (error) {
    return domainFailure(error, parsed.form);
  }
}

function StatusBadge({ status }: { status: Status }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS[status].className}`}>
      {STATUS[status].label}
    </span>
  );
}

const DANGER_LINK =
  "inline-flex items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold text-danger transition hover:bg-danger-soft";

/**
 * The confirmation step of an irreversible-looking action (deactivate, revoke), reached by a link
 * (`?desativar=`, `?revogar=`) so it works without JavaScript; focused when it opens.
 */
function DangerConfirm(props: {
  boxRef: Ref<HTMLDivElement>;
  intent: Intent;
  hidden: Record<string, string>;
  confirmLabel: string;
  busy: boolean;
  password: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      ref={props.boxRef}
      tabIndex={-1}
      className="space-y-2 rounded-lg border border-danger/30 bg-danger-soft p-3 text-left focus:outline-none md:min-w-64"
    >
      <p className="text-sm">{props.children}</p>
      <Form method="post" action="/admin/users" preventScrollReset className="space-y-2">
        <input type="hidden" name="intent" value={props.intent} />
        {Object.entries(props.hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {props.password}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="danger" className="px-3 py-2" busy={props.busy}>
            {props.confirmLabel}
          </Button>
          <Link to="/admin/users" preventScrollReset className={buttonClass("ghost", "px-3 py-2")}>
            Cancelar
          </Link>
        </div>
      </Form>
    </div>
  );
}

/** Label shown before a value only where the table has become cards (phones). */
function CellLabel({ children }: { children: string }) {
  return <span className="text-fg-soft md:hidden">{children}</span>;
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { members, invites, me, actorRole, confirmId, revokeId, reauth } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: Intent, id?: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (!id || navigation.formData?.get("membershipId") === id || navigation.formData?.get("inviteId") === id);

  const success = result && "ok" in result ? result : undefined;
  const failure = result && !("ok" in result) ? result : undefined;
  const failedIntent = failure?.values?.intent as Intent | undefined;
  const failedRow = failedIntent && failedIntent !== "convidar" ? (failure?.values?.membershipId ?? failure?.values?.inviteId) : undefined;
  const invite = useFormValidation(loadInviteSchema, failedIntent === "convidar" ? failure?.errors : undefined);
  const inviteRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (success?.intent === "convidar") inviteRef.current?.reset();
  }, [success]);

  const confirmRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirmId || revokeId) confirmRef.current?.focus();
  }, [confirmId, revokeId]);

  const roles = offerableRoles(actorRole);
  const roleOptions = roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
  // Admins can't touch owners (the service refuses too); nobody deactivates themselves.
  const canManage = (role: Role) => role !== "owner" || actorRole === "owner";
  const inviteValues = failedIntent === "convidar" ? failure?.values : undefined;
  // An error no row or form on the page can show (unknown intent, a member not in this team).
  const shownElsewhere =
    failedIntent === "convidar" ||
    (failedRow !== undefined && (members.some((m) => m.membershipId === failedRow) || invites.some((i) => i.id === failedRow)));
  const pageError = failure && !shownElsewhere ? (failure.errors._form ?? Object.values(failure.errors)[0]) : undefined;
  // The password field shows when the loader asks for it, or when the server just did.
  const rowFailure = (id: string) => (failedRow === id && failure ? failure.errors : undefined);
  const askPassword = (errors: Record<string, string> | undefined) => reauth || Boolean(errors?.senha);
  const rowMessage = (errors: Record<string, string> | undefined) =>
    errors ? (errors._form ?? Object.entries(errors).find(([k]) => k !== "senha")?.[1]) : undefined;

  return (
    <>
      <PageHeader title="Usuários" description="Quem da sua equipe acessa o Alicerce e o que cada pessoa pode fazer." />
      {success ? (
        <div className="mb-4">
          <Alert tone="success">{success.message}</Alert>
        </div>
      ) : null}
      {pageError ? (
        <div className="mb-4">
          <Alert tone="error">{pageError}</Alert>
        </div>
      ) : null}

      <div className="space-y-6">
        <Card title="Convidar pessoa">
          <p className="mb-4 text-sm text-fg-soft">
            Enviamos um link por e-mail. Quem ainda não tem conta cria a senha ao abrir; quem já tem entra com ela para aceitar. O convite
            vale por 7 dias.
          </p>
          <Form method="post" action="/admin/users" ref={inviteRef} className="grid items-start gap-4 md:grid-cols-3" {...invite.formProps}>
            <input type="hidden" name="intent" value="convidar" />
            <div className="md:col-span-3">
              <FormError errors={invite.errors} />
            </div>
            <Field label="Nome" name="nome" required autoComplete="off" defaultValue={inviteValues?.nome} error={invite.errors.nome} />
            <Field
              label="E-mail"
              name="email"
              type="email"
              required
              autoComplete="off"
              defaultValue={inviteValues?.email}
              error={invite.errors.email}
            />
            <SelectField
              label="Papel"
              name="papel"
              required
              placeholder="Selecione"
              options={roleOptions}
              defaultValue={inviteValues?.papel ?? ""}
              error={invite.errors.papel}
            />
            <ul className="grid gap-1 text-xs text-fg-soft sm:grid-cols-2 md:col-span-3">
              {roles.map((r) => (
                <li key={r}>
                  <strong className="font-semibold text-fg">{ROLE_LABELS[r]}:</strong> {ROLE_HELP[r]}.
                </li>
              ))}
            </ul>
            {askPassword(failedIntent === "convidar" ? failure?.errors : undefined) ? (
              <ReauthField error={failedIntent === "convidar" ? failure?.errors.senha : undefined} hint={REAUTH_HINT} />
            ) : null}
            <div className="md:col-span-3">
              <Button type="submit" className="w-full sm:w-auto" busy={busy("convidar")}>
                Enviar convite
              </Button>
            </div>
          </Form>
        </Card>

        <Card title={`Convites pendentes (${invites.length})`}>
          {invites.length === 0 ? (
            <p className="text-sm text-fg-soft">Nenhum convite aguardando resposta.</p>
          ) : (
            <ul className="divide-y divide-line">
              {invites.map((i) => {
                const manageable = canManage(i.role);
                const errors = rowFailure(i.id);
                const message = rowMessage(errors);
                const confirming = revokeId === i.id;
                return (
                  <li key={i.id} className="grid gap-3 py-4 md:grid-cols-[1fr_auto] md:items-start" aria-label={`Convite para ${i.email}`}>
                    <div className="space-y-1 text-sm">
                      <p className="font-semibold [overflow-wrap:anywhere]">
                        {i.email}
                        {i.name ? <span className="ml-2 font-normal text-fg-soft">({i.name})</span> : null}
                      </p>
                      <dl className="grid gap-x-4 gap-y-0.5 text-fg-soft sm:grid-cols-2">
                        <div className="flex gap-1">
                          <dt>Papel:</dt>
                          <dd className="text-fg">{ROLE_LABELS[i.role]}</dd>
                        </div>
                        <div className="flex gap-1">
                          <dt>Convidado por:</dt>
                          <dd className="text-fg">{i.invitedBy}</dd>
                        </div>
                        <div className="flex gap-1">
                          <dt>Enviado em:</dt>
                          <dd className="text-fg tabular-nums">{i.sentAt}</dd>
                        </div>
                        <div className="flex gap-1">
                          <dt>{i.expired ? "Situação:" : "Expira em:"}</dt>
                          <dd className="tabular-nums">
                            {i.expired ? (
                              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-fg-soft">Expirado</span>
                            ) : (
                              <span className="text-fg">{i.expiresAt}</span>
                            )}
                          </dd>
                        </div>
                      </dl>
                    </div>
                    {manageable ? (
                      <div className="space-y-2 md:min-w-64">
                        {confirming ? (
                          <DangerConfirm
                            boxRef={confirmRef}
                            intent="revogar"
                            hidden={{ inviteId: i.id }}
                            confirmLabel="Confirmar revogação"
                            busy={busy("revogar", i.id)}
                            password={askPassword(errors) ? <ReauthField error={errors?.senha} /> : null}
                          >
                            Revogar o convite para <strong className="[overflow-wrap:anywhere]">{i.email}</strong>? O link enviado deixa de
                            funcionar.
                          </DangerConfirm>
                        ) : (
                          <div className="flex flex-wrap items-end gap-2 md:justify-end">
                            <Form method="post" action="/admin/users" preventScrollReset className="flex flex-wrap items-end gap-2">
                              <input type="hidden" name="intent" value="reenviar" />
                              <input type="hidden" name="inviteId" value={i.id} />
                              {askPassword(errors) ? (
                                <ReauthField error={errors?.senha} label={`Sua senha para reenviar a ${i.email}`} />
                              ) : null}
                              <Button
                                type="submit"
                                variant="secondary"
                                className="px-3 py-2"
                                aria-label={`Reenviar convite para ${i.email}`}
                                busy={busy("reenviar", i.id)}
                              >
                                Reenviar
                              </Button>
                            </Form>
                            <Link
                              to={`/admin/users?revogar=${encodeURIComponent(i.id)}`}
                              preventScrollReset
                              className={DANGER_LINK}
                              aria-label={`Revogar convite para ${i.email}`}
                            >
                              Revogar
                            </Link>
                          </div>
                        )}
                        {message ? (
                          <p role="alert" className="text-sm text-danger">
                            {message}
                          </p>
                        ) : null}
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </Card>

        <Card title={`Equipe (${members.length})`}>
          <div className="md:overflow-x-auto">
            <table className="block w-full text-sm md:table">
              <caption className="sr-only">Pessoas da equipe, com papel, situação e ações</caption>
              <thead className="hidden border-b border-line text-left text-xs tracking-wide text-fg-soft uppercase md:table-header-group">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Nome
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Papel
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Situação
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Desde
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <span className="sr-only">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody className="block space-y-3 md:table-row-group md:space-y-0">
                {members.map((m) => {
                  const self = m.userId === me;
                  const manageable = canManage(m.role);
                  const confirming = confirmId === m.membershipId;
                  const errors = rowFailure(m.membershipId);
                  const rowError = rowMessage(errors);
                  const roleErrors = failedIntent === "papel" ? errors : undefined;
                  const activeErrors = failedIntent === "desativar" || failedIntent === "reativar" ? errors : undefined;
                  return (
                    <tr
                      key={m.membershipId}
                      className="block rounded-xl border border-line p-4 md:table-row md:rounded-none md:border-0 md:border-b md:p-0"
                    >
                      <td className="block pb-2 md:table-cell md:px-3 md:py-3">
                        <p className="font-semibold">
                          {m.name}
                          {self ? <span className="ml-2 text-xs font-normal text-fg-soft">(você)</span> : null}
                        </p>
                        {/* On a phone a long e-mail may break anywhere to fit the card; in the table it stays whole (the table scrolls). */}
                        <p className="text-fg-soft [overflow-wrap:anywhere] md:[overflow-wrap:normal]">{m.email}</p>
                      </td>
                      <td className="block py-1 md:table-cell md:px-3 md:py-3">
                        {manageable && m.status !== "desativado" ? (
                          <Form
                            method="post"
                            action="/admin/users"
                            className="flex flex-wrap items-end gap-2 md:flex-nowrap"
                            preventScrollReset
                          >
                            <input type="hidden" name="intent" value="papel" />
                            <input type="hidden" name="membershipId" value={m.membershipId} />
                            <div className="flex flex-wrap items-center gap-2">
                              <label htmlFor={`papel-${m.membershipId}`} className="text-fg-soft md:sr-only">
                                Papel<span className="sr-only"> de {m.name}</span>
                              </label>
                              <select
                                id={`papel-${m.membershipId}`}
                                name="papel"
                                defaultValue={m.role}
                                className="rounded-lg border border-line bg-surface px-2 py-2 text-sm focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none"
                              >
                                {(roles.includes(m.role) ? roles : [m.role, ...roles]).map((r) => (
                                  <option key={r} value={r}>
                                    {ROLE_LABELS[r]}
                                  </option>
                                ))}
                              </select>
                            </div>
                            {askPassword(roleErrors) ? (
                              <ReauthField error={roleErrors?.senha} label={`Sua senha para mudar o papel de ${m.name}`} />
                            ) : null}
                            <Button
                              type="submit"
                              variant="secondary"
                              className="px-3 py-2"
                              aria-label={`Salvar papel de ${m.name}`}
                              busy={busy("papel", m.membershipId)}
                            >
                              Salvar
                            </Button>
                          </Form>
                        ) : (
                          <p className="flex justify-between gap-3 md:block">
                            <CellLabel>Papel</CellLabel>
                            {ROLE_LABELS[m.role]}
                          </p>
                        )}
                      </td>
                      <td className="flex justify-between gap-3 py-1 md:table-cell md:px-3 md:py-3">
                        <CellLabel>Situação</CellLabel>
                        <StatusBadge status={m.status} />
                      </td>
                      <td className="flex justify-between gap-3 py-1 tabular-nums md:table-cell md:px-3 md:py-3">
                        <CellLabel>Desde</CellLabel>
                        {m.since}
                      </td>
                      <td className="block pt-3 md:table-cell md:px-3 md:py-3 md:text-right">
                        {self || !manageable ? null : m.status === "desativado" ? (
                          <Form method="post" action="/admin/users" preventScrollReset className="space-y-2 text-left md:min-w-56">
                            <input type="hidden" name="intent" value="reativar" />
                            <input type="hidden" name="membershipId" value={m.membershipId} />
                            {askPassword(activeErrors) ? (
                              <ReauthField error={activeErrors?.senha} label={`Sua senha para reativar ${m.name}`} />
                            ) : null}
                            <Button
                              type="submit"
                              variant="secondary"
                              className="px-3 py-2"
                              aria-label={`Reativar ${m.name}`}
                              busy={busy("reativar", m.membershipId)}
                            >
                              Reativar
                            </Button>
                          </Form>
                        ) : confirming ? (
                          <DangerConfirm
                            boxRef={confirmRef}
                            intent="desativar"
                            hidden={{ membershipId: m.membershipId }}
                            confirmLabel="Confirmar desativação"
                            busy={busy("desativar", m.membershipId)}
                            password={askPassword(activeErrors) ? <ReauthField error={activeErrors?.senha} /> : null}
                          >
                            Desativar <strong>{m.name}</strong>? A pessoa perde o acesso na hora e as sessões dela são encerradas. Você pode
                            reativar depois.
                          </DangerConfirm>
                        ) : (
                          <Link
                            to={`/admin/users?desativar=${encodeURIComponent(m.membershipId)}`}
                            preventScrollReset
                            className={DANGER_LINK}
                            aria-label={`Desativar ${m.name}`}
                          >
                            Desativar
                          </Link>
                        )}
                        {rowError ? (
                          <p role="alert" className="mt-2 text-sm text-danger">
                            {rowError}
                          </p>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Card>
      </div>
    </>
  );
}
