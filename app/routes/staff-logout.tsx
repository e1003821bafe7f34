import { redirect } from "react-router";
import { endSession } from "../../domain/pages/page-context.ts";
import type { Route } from "./+types/staff-logout.ts";

export function loader() {
  return redirect("/staff");
}

/** POST /staff/logout (with the CSRF token): the session ends in the store, then the cookie. */
export function action({ context }: Route.ActionArgs) {
  endSession(context);
  return redirect("/staff/login");
}

export default function StaffLogout() {
  return null;
}
