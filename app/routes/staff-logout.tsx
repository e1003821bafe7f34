import { redirect } from "react-router";
import { staffRequestContext } from "../../domain/staff/staff-context.ts";
import type { Route } from "./+types/staff-logout.ts";

export function loader() {
  return redirect("/staff");
}

/** POST /staff/logout (with the CSRF token): the session ends in the store, then the cookie. */
export async function action({ context }: Route.ActionArgs) {
  await context.get(staffRequestContext).signOut();
  return redirect("/staff/login");
}

export default function StaffLogout() {
  return null;
}
