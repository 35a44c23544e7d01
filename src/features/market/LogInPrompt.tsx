// What a logged-out player sees in Sell and Transfer instead of a raw "Not logged in" toast and
// empty pickers: why, and a Log In button that opens the auth modal (as coin flip, the crate
// shop and the bridge do); on a guest-only host the guest's note instead.
import { Button, Stack, Text } from '@mantine/core';
import { SignInOffer } from '../../host-bridge/host';
import { useAskToLogIn } from '../../overlays/context';
import { t } from '../../i18n';

export function LogInPrompt({ text }: { text: string }) {
  const askToLogIn = useAskToLogIn();
  return (
    <Stack align="flex-start" data-testid="market-log-in">
      <SignInOffer>
        <Text>{text}</Text>
        <Button onClick={() => askToLogIn('login')} data-autofocus>{t('market.LogInPrompt.logIn')}</Button>
      </SignInOffer>
    </Stack>
  );
}
