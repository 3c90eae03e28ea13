import { useNavigation } from 'react-router'
import { Button, type ButtonProps } from './ui/button'

/** A submit button that shows a pending label while its form is being sent (JavaScript only). */
export function SubmitButton({ children, pendingLabel, ...props }: ButtonProps & { pendingLabel?: string }) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting'
  return (
    <Button type="submit" variant="primary" width="full" {...props} aria-disabled={pending || undefined}>
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  )
}
