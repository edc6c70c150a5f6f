import { useState, type FormEvent } from 'react';
import { FormFields } from '../../../components/FormFields';
import { ProcessingButton } from '../../../components/ProcessingButton';
import type { ProfileUpdate } from '../api/update-profile';
import { useProfileForm } from '../hooks/use-profile-form';
import type { ProfileForm } from '../profile-forms';
import { FormOutcome } from './FormOutcome';
import { ShowPasswords } from './ShowPasswords';

interface ProfileFieldFormProps<F extends string> {
  form: ProfileForm<F>;
  /** whether this form was the last one of the page used: only then are its messages shown */
  active: boolean;
  /** said when the member types in this form or submits it */
  onUse: () => void;
  onSaved?: (answer: ProfileUpdate) => void;
}

/**
 * One of the profile's update forms: its fields, a show-password box beside
 * its password fields, its own messages (gone once another form is used), and
 * a button named like its heading.
 */
export function ProfileFieldForm<F extends string>({ form, active, onUse, onSaved }: ProfileFieldFormProps<F>) {
  const [values, setValues] = useState(form.empty);
  const [notice, setNotice] = useState<string | undefined>();
  const [showPasswords, setShowPasswords] = useState(false);
  const update = useProfileForm(form.fields.map((field) => field.name));
  const passwords = form.fields.filter((field) => field.type === 'password').length;

  /** Coming back to this form after another: its old messages are stale. */
  const markUsed = () => {
    if (!active) {
      update.reset();
      setNotice(undefined);
    }
    onUse();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    markUsed();
    setNotice(undefined);
    const answer = await update.submit(form.validate(values), form.change(values));
    if (!answer) return;
    setNotice(form.notice?.(answer));
    setValues(form.empty);
    onSaved?.(answer);
  };

  return (
    <form className="profile-form" noValidate aria-labelledby={form.id} onSubmit={(event) => void submit(event)}>
      <h2 id={form.id}>{form.title}</h2>
      <FormFields
        fields={form.fields}
        values={values}
        errors={active ? update.errors : {}}
        showPasswords={showPasswords}
        onChange={(field, value) => {
          markUsed();
          setValues((current) => ({ ...current, [field]: value }));
          update.clear(field);
        }}
      />
      {passwords > 0 && <ShowPasswords plural={passwords > 1} checked={showPasswords} onChange={setShowPasswords} />}
      <FormOutcome outcome={active ? update.outcome : null} extra={notice} />
      <div className="actions">
        <ProcessingButton processing={update.processing} label={form.title} />
      </div>
    </form>
  );
}
