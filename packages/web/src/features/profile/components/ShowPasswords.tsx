/** The show-passwords box, beside the password fields it shows. */
export function ShowPasswords({ plural, checked, onChange }: { plural: boolean; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="inline show-passwords">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {plural ? 'Show passwords' : 'Show password'}
    </label>
  );
}
