export { AuthProvider } from "./AuthProvider";
export { useAuth, type AuthContextValue, type AuthResult, type User } from "./auth-context";
export { ProtectedRoute } from "./ProtectedRoute";
