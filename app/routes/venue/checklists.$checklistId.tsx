// Placeholder until the checklists pages land.
export default function Placeholder() {
  return null
}
