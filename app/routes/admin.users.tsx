import { useEffect, useRef } from "react";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/admin.users";
import type { Role } from "../../db/schema/organizations.ts";
import { Alert } from "../components/ui/alert.tsx";
import { Button, buttonClass } from "../components/ui/button.tsx";
import { Card, PageHeader } from "../components/ui/card.tsx";
import { Field, FormError, SelectField, useFormValidation } from "../components/ui/form.tsx";
import { formatDate } from "../../shared/format.ts";
import { titleMeta } from "../lib/title.ts";
import { ROLE_LABELS } from "../modules/navigation.ts";
import { teamActionSchema } from "../../shared/schemas/team.ts";
import { requirePermission } from "../server/guards.server.ts";
import { domainFailure, parseForm } from "../server/forms.server.ts";
import { serviceContext } from "../../worker/context.ts";
import { changeRole, inviteMember, listMembers, setActive } from "../../worker/services/team.ts";
import { can } from "../../worker/auth/permissions.ts";

export const meta: Route.MetaFunction = () => titleMeta("Usuários");

/** The form's schema, loaded after the page is usable: zod stays out of the page's first JavaScript. */
const loadInviteSchema = () => import("../../shared/schemas/team.ts").then((m) => m.inviteSchema);

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

type Status = "ativo" | "pendente" | "desativado";

const STATUS: Record<Status, { label: string; className: string }> = {
  ativo: { label: "Ativo", className: "bg-ok-soft text-ok" },
  pendente: { label: "Convite pendente", className: "bg-accent-soft text-accent" },
  desativado: { label: "Desativado", className: "bg-muted text-fg-soft" },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, auth, org } = requirePermission(context, request, "team", "read");
  const members = await listMembers(serviceContext(rc), org);
  // ?desativar=<id> is the confirmation step: it works without JavaScript and changes nothing.
  const confirmId = new URL(request.url).searchParams.get("desativar");
  return {
    me: auth.user.id,
    actorRole: org.role,
    confirmId: members.some((m) => m.membershipId === confirmId && m.active) ? confirmId : null,
    members: members.map((m) => ({
      membershipId: m.membershipId,
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      status: (!m.active ? "desativado" : m.confirmed ? "ativo" : "pendente") as Status,
      since: formatDate(m.joinedAt),
    })),
  };
}

type Intent = "convidar" | "papel" | "desativar" | "reativar";

function done(intent: Intent, message: string) {
  return { ok: true as const, intent, message };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { rc, auth, org } = requirePermission(context, request, "team", "update");
  const parsed = await parseForm(request, teamActionSchema);
  if (!parsed.ok) return parsed.response;
  const ctx = serviceContext(rc);
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "convidar":
        await inviteMember(ctx, org, auth.user.name, { nome: input.nome, email: input.email, papel: input.papel });
        return done("convidar", `Convite enviado para ${input.email}.`);
      case "papel": {
        const changed = await changeRole(ctx, org, input.membershipId, input.papel);
        // Someone who just gave up managing can't stay on this page: show them where they stand.
        if (changed.userId === auth.user.id && !can(input.papel, "team", "read")) return redirect(`/settings?papel=${input.papel}`);
        return done("papel", `Papel alterado para ${ROLE_LABELS[input.papel]}.`);
      }
      case "desativar":
        await setActive(ctx, org, auth.user.id, input.membershipId, false);
        return done("desativar", "Acesso desativado. As sessões dessa pessoa foram encerradas.");
      case "reativar":
        await setActive(ctx, org, auth.user.id, input.membershipId, true);
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

/** Label shown before a value only where the table has become cards (phones). */
function CellLabel({ children }: { children: string }) {
  return <span className="text-fg-soft md:hidden">{children}</span>;
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { members, me, actorRole, confirmId } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: Intent, id?: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (!id || navigation.formData?.get("membershipId") === id);

  const success = result && "ok" in result ? result : undefined;
  const failure = result && !("ok" in result) ? result : undefined;
  const failedIntent = failure?.values?.intent as Intent | undefined;
  const failedRow = failedIntent && failedIntent !== "convidar" ? failure?.values?.membershipId : undefined;
  const invite = useFormValidation(loadInviteSchema, failedIntent === "convidar" ? failure?.errors : undefined);
  const inviteRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (success?.intent === "convidar") inviteRef.current?.reset();
  }, [success]);

  const confirmRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirmId) confirmRef.current?.focus();
  }, [confirmId]);

  const roles = offerableRoles(actorRole);
  const roleOptions = roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
  // Admins can't touch owners (the service refuses too); nobody deactivates themselves.
  const canManage = (role: Role) => role !== "owner" || actorRole === "owner";
  const inviteValues = failedIntent === "convidar" ? failure?.values : undefined;
  // An error no row or form on the page can show (unknown intent, a member not in this team).
  const shownElsewhere = failedIntent === "convidar" || (failedRow !== undefined && members.some((m) => m.membershipId === failedRow));
  const pageError = failure && !shownElsewhere ? (failure.errors._form ?? Object.values(failure.errors)[0]) : undefined;

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
            Enviamos um link por e-mail; a pessoa cria a senha dela ao abrir. O convite vale por 7 dias.
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
            <div className="md:col-span-3">
              <Button type="submit" className="w-full sm:w-auto" busy={busy("convidar")}>
                Enviar convite
              </Button>
            </div>
          </Form>
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
                  const rowError =
                    failedRow === m.membershipId && failure ? (failure.errors._form ?? Object.values(failure.errors)[0]) : undefined;
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
                        <p className="text-fg-soft [overflow-wrap:anywhere]">{m.email}</p>
                      </td>
                      <td className="block py-1 md:table-cell md:px-3 md:py-3">
                        {manageable && m.status !== "desativado" ? (
                          <Form
                            method="post"
                            action="/admin/users"
                            className="flex flex-wrap items-center gap-2 md:flex-nowrap"
                            preventScrollReset
                          >
                            <input type="hidden" name="intent" value="papel" />
                            <input type="hidden" name="membershipId" value={m.membershipId} />
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
                          <Form method="post" action="/admin/users" preventScrollReset>
                            <input type="hidden" name="intent" value="reativar" />
                            <input type="hidden" name="membershipId" value={m.membershipId} />
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
                          <div
                            ref={confirmRef}
                            tabIndex={-1}
                            className="space-y-2 rounded-lg border border-danger/30 bg-danger-soft p-3 text-left focus:outline-none md:min-w-64"
                          >
                            <p className="text-sm">
                              Desativar <strong>{m.name}</strong>? A pessoa perde o acesso na hora e as sessões dela são encerradas. Você
                              pode reativar depois.
                            </p>
                            <div className="flex flex-wrap gap-2">
                              <Form method="post" action="/admin/users" preventScrollReset>
                                <input type="hidden" name="intent" value="desativar" />
                                <input type="hidden" name="membershipId" value={m.membershipId} />
                                <Button type="submit" variant="danger" className="px-3 py-2" busy={busy("desativar", m.membershipId)}>
                                  Confirmar desativação
                                </Button>
                              </Form>
                              <Link to="/admin/users" preventScrollReset className={buttonClass("ghost", "px-3 py-2")}>
                                Cancelar
                              </Link>
                            </div>
                          </div>
                        ) : (
                          <Link
                            to={`/admin/users?desativar=${encodeURIComponent(m.membershipId)}`}
                            preventScrollReset
                            className="inline-flex items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold text-danger transition hover:bg-danger-soft"
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
