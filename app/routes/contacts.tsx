import { pageMeta } from "../page-meta.ts";

export const meta = () => pageMeta("/contacts");

export default function ContactsPage() {
  return (
    <div className="page">
      <h1>Контакты</h1>
    </div>
  );
}
