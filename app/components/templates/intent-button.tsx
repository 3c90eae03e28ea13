import { useNavigation } from 'react-router'
import { Button, type ButtonProps } from '../ui/button'

/**
 * A submit button named `intent` that shows its pending label only while its own form is being sent
 * (same intent and, for per-item forms, same item), not while another form on the page is.
 */
export function IntentButton({
  intent,
  itemId,
  pendingLabel,
  children,
  ...props
}: Omit<ButtonProps, 'name' | 'value' | 'type'> & { intent: string; itemId?: string; pendingLabel: string }) {
  const navigation = useNavigation()
  const sent = navigation.state === 'submitting' ? navigation.formData : undefined
  const pending = Boolean(sent && sent.get('intent') === intent && (itemId === undefined || sent.get('itemId') === itemId))
  return (
    <Button variant="primary" width="fit" {...props} type="submit" name="intent" value={intent} aria-disabled={pending || undefined}>
      {pending ? pendingLabel : children}
    </Button>
  )
}
