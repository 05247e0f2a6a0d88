// Who is asking: the signed-in user as every service sees them (context/session.ts reads it
// from the session cookie). A plain type, so services need nothing from the HTTP layer.
export interface Actor {
  id: string;
  email: string;
  name: string;
}
