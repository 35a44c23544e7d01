// Your own location and bio (PUT /api/profile): at most 60 and 300 characters, checked here
// with the contract's rules before anything is sent; a refused change changes nothing.
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { UpdateProfileBody } from '../../../contract/profile';
import { errorText } from '../../api/errors';
import { showToast } from '../../ui/toast';
import { useUpdateProfile } from './api/updateProfile';
import { t } from '../../i18n';
import { PROFILE_TEXT } from '../../i18n/texts';
import { localServerText } from '../../i18n/serverTexts';

export function EditProfileForm({ location, description, onDone }: { location: string; description: string; onDone: (saved: boolean) => void }) {
  const [values, setValues] = useState({ location, description });
  const [errors, setErrors] = useState<{ location?: string; description?: string }>({});
  const update = useUpdateProfile({
    onSuccess: () => { showToast({ message: PROFILE_TEXT.saved, tone: 'success' }); onDone(true); },
    onError: (error) => showToast({ message: errorText(error, PROFILE_TEXT.saveFailed), tone: 'error' }),
  });
  const busy = update.isPending;

  const save = () => {
    const parsed = UpdateProfileBody.safeParse(values);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'location' | 'description'] = localServerText(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(parsed.data);
  };

  return (
    <form onSubmit={(event) => { event.preventDefault(); save(); }} aria-label={t('profile.EditProfileForm.editProfile')}>
      <Stack gap="xs">
        <TextInput label={t('profile.EditProfileForm.location')} value={values.location} error={errors.location} disabled={busy}
          onChange={(event) => { const v = event.currentTarget.value; setValues((s) => ({ ...s, location: v })); }} />
        <Textarea label={t('profile.EditProfileForm.bio')} value={values.description} error={errors.description} autosize minRows={2} maxRows={6} disabled={busy}
          description={t('profile.EditProfileForm.chars', { n: values.description.trim().length, max: 300 })}
          onChange={(event) => { const v = event.currentTarget.value; setValues((s) => ({ ...s, description: v })); }} />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={busy}>{t('profile.EditProfileForm.save')}</Button>
          <Button size="xs" variant="subtle" color="gray" onClick={() => onDone(false)} disabled={busy}>{t('profile.EditProfileForm.cancel')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
