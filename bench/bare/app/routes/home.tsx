import { Form } from 'react-router'

export function meta() {
  return [{ title: 'Log in' }]
}

/** A small log-in form page, about the shape of Mise's /login, without data, i18n or styling. */
export default function Home() {
  return (
    <main>
      <h1>Log in</h1>
      <Form method="post">
        <p>
          <label htmlFor="email">E-mail address</label>
          <input id="email" name="email" type="email" autoComplete="email" required />
        </p>
        <p>
          <label htmlFor="password">Password</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required />
        </p>
        <button type="submit">Log in</button>
      </Form>
      <p>
        <a href="/forgot-password">Forgot your password?</a>
      </p>
    </main>
  )
}
