/**
 * An error message in an alert region that is on the page from the start and stays there, empty until there is an
 * error: screen readers do not reliably read out a role="alert" element that arrives already holding its text.
 * `testId` names the message; the region is `${testId}-region`.
 */
export function ErrorAlert({ message, className = 'error-text', testId }: { message: string | null; className?: string; testId: string }) {
  return (
    <div role="alert" data-testid={`${testId}-region`}>
      {message && (
        <p className={className} data-testid={testId}>
          {message}
        </p>
      )}
    </div>
  )
}
