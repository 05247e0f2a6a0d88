import { Link } from "react-router";
import { ArrowRight, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/auth/auth-context";

/** 'Upload Meeting' → /upload when signed in; 'Get Started' → /auth when signed out. */
export function PrimaryCta({ className }: { className?: string }) {
  const { user } = useAuth();
  return user ? (
    <Button asChild size="lg" className={className}>
      <Link to="/upload">
        <Upload aria-hidden="true" />
        Upload Meeting
      </Link>
    </Button>
  ) : (
    <Button asChild size="lg" className={className}>
      <Link to="/auth">
        Get Started
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
