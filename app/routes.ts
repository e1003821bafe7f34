import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  route("services/special_offer", "routes/special-offer.tsx"),
  route("documents", "routes/documents.tsx"),
  route("applications", "routes/applications.tsx"),
  route("structure", "routes/structure.tsx"),
  route("appeals", "routes/appeals.tsx"),
  route("to_investors", "routes/to-investors.tsx"),
  route("vacancies", "routes/vacancies.tsx"),
  route("contacts", "routes/contacts.tsx"),
  // Prerendered once; the server sends it with status 404 for every unknown page.
  route("404", "routes/not-found.tsx"),
] satisfies RouteConfig;
