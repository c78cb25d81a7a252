export function App() {
  return <div>Stratos</div>;
}
