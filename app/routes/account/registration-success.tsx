import { Link, redirect } from "react-router";
import type { Route } from "./+types/registration-success";
import { buttonClass } from "../../components/ui/button.tsx";
import { titleMeta } from "../../lib/title.ts";
import { requireUser } from "../../server/guards.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Conta Criada");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = requireUser(context, request);
  if (!auth.org) throw redirect("/completar-cadastro");
  return { name: auth.user.name.split(" ")[0], org: auth.org.name };
}

export default function RegistrationSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Conta criada</h1>
      <p className="mt-2 text-fg-soft">
        Tudo pronto, {loaderData.name}! <strong className="text-fg">{loaderData.org}</strong> já está no Alicerce.
      </p>
      <h2 className="mt-6 text-sm font-semibold">Próximos passos</h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-fg-soft">
        <li>Complete o perfil do negócio com endereço, logo e descrição.</li>
        <li>Convide sua equipe e defina o papel de cada pessoa.</li>
        <li>Escolha o tema claro ou escuro nas preferências.</li>
        <li>Conecte o Instagram e o Facebook do negócio para publicar pelo Alicerce.</li>
      </ol>
      <Link to="/setup-instagram" className={buttonClass("secondary", "mt-8 w-full")}>
        Conectar o Instagram agora
      </Link>
      <Link to="/" className={buttonClass("primary", "mt-3 w-full")}>
        Ir para o painel
      </Link>
    </>
  );
}
