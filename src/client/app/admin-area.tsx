// STUB: replaced by the admin shell implementation.
export default function AdminArea() {
  return <h1>Admin</h1>;
}
