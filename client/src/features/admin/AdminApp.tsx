export default function AdminApp() {
  return <p>Admin dashboard</p>;
}
