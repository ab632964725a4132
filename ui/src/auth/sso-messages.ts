/**
 * What the sign-in page says when a sign-in through a provider was refused (the server sends the
 * reason in `sso_error`, and writes the exact detail to its log): plain sentences a person can act on.
 */
export function ssoRefusalMessage(reason: string, provider: string): string {
  const messages: Record<string, string> = {
    unknown_provider: `There is no single sign-on provider named ${provider}.`,
    flow_unknown: 'This sign-in link was already used or has expired. Start again.',
    flow_other_browser: 'This sign-in was started in another browser. Start again from this one.',
    flow_other_provider: 'This sign-in was started with another provider. Start again.',
    flow_expired: 'This sign-in took too long. Start again.',
    provider_unreachable: `${provider} cannot be reached right now. Try again in a few minutes.`,
    provider_error: `${provider} did not sign you in. Start again; if it happens again, ask your administrator.`,
    clock_skew:
      `${provider}'s answer was out of date: it expired, or the clocks of Estate and ${provider} disagree. ` +
      'Start again; if it happens again, ask your administrator to check the server clock.',
    token_invalid: `${provider}'s answer could not be verified, so it was not used. Start again.`,
    missing_email: `${provider} did not send your e-mail address. Ask your administrator to release the e-mail claim.`,
    unverified_email: `${provider} has not verified your e-mail address, so Estate cannot use it to sign you in.`,
    no_matching_group: `Your groups at ${provider} give you no workspace in Estate. Ask an administrator for access.`,
  };
  return (
    messages[reason] ?? 'The sign-in could not be finished. Start again; if it happens again, ask your administrator.'
  );
}
