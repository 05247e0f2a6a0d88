import { Link } from "react-router";
import { Home } from "lucide-react";
import { Button } from "@/components/ui/button";

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold tracking-tight text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Oops! Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has been moved.</p>
      <Button asChild className="mt-2">
        <Link to="/">
          <Home aria-hidden="true" />
          Return to Home
        </Link>
      </Button>
    </div>
  );
}
