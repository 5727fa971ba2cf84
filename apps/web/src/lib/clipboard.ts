// Copies text: the asynchronous Clipboard API where the browser offers it (secure contexts), else the old
// selection + execCommand('copy') on the given field, which also works over plain HTTP. False when neither
// worked; the field is left selected then, so the user can copy by hand.
export async function copyToClipboard(text: string, field: HTMLInputElement | null): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Denied or not focused: try the selection below.
    }
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  }
}
