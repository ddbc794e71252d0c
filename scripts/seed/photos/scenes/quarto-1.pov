// Quarto: double bed with a padded headboard, nightstands, window with sheer curtain.
#declare Interior = yes;
#include "common.inc"
#include "room.inc"

#declare Cam = <-1.55, 1.3, 0.25>;
camera { perspective location Cam look_at <0.3, 1.3, 4> angle 74 right x * 4/3 }
Sky(2.0)
Sun(<1, 0.7, 0.5>, 2.2)
Fill(Cam, <0, 1.6, 2>, 0.8)

#declare W = 3.6; #declare D = 4.4; #declare H = 2.65;
Room(W, D, H, <0.9, 0.88, 0.84>, T_WoodFloor(<0.66, 0.5, 0.34>, <0.52, 0.38, 0.24>, 0.2))
WindowRight(W, 0.9, 2.4, 0.95, 2.3)
Outside(D)
CloseRoom()
object { Curtain(0.7, 2.5) rotate y * -90 translate <W/2 - 0.15, 0.05, 0.5> }
object { Curtain(0.6, 2.5) rotate y * -90 translate <W/2 - 0.15, 0.05, 2.45> }

// bed against the back wall
union {
  object { RBox(<-0.85, 0.05, -2.05>, <0.85, 0.35, 0>, 0.03) T_Fabric(<0.5, 0.46, 0.4>) }
  object { RBox(<-0.82, 0.35, -2.0>, <0.82, 0.55, -0.05>, 0.07) T_Fabric(<0.96, 0.95, 0.93>) }
  object { RBox(<-0.86, 0.45, -2.06>, <0.86, 0.6, -0.7>, 0.06) T_Fabric(<0.75, 0.72, 0.64>) }
  object { superellipsoid { <0.4, 0.4> } scale <0.35, 0.12, 0.22> rotate x * -25 translate <-0.4, 0.66, -0.3> T_Fabric(<0.98, 0.98, 0.97>) }
  object { superellipsoid { <0.4, 0.4> } scale <0.35, 0.12, 0.22> rotate x * -25 translate <0.4, 0.66, -0.3> T_Fabric(<0.98, 0.98, 0.97>) }
  object { superellipsoid { <0.4, 0.4> } scale <0.22, 0.16, 0.06> rotate x * -15 translate <0, 0.7, -0.45> T_Fabric(<0.3, 0.42, 0.45>) }
  object { RBox(<-1.0, 0.1, -0.08>, <1.0, 1.25, 0>, 0.04) T_Fabric(<0.42, 0.38, 0.33>) }
  translate <-0.2, 0, D>
}
#for (S, -1, 1, 2)
  union {
    object { RBox(<-0.25, 0.2, -0.4>, <0.25, 0.55, 0>, 0.01) T_Wood(<0.5, 0.35, 0.22>, <0.4, 0.27, 0.16>) }
    cylinder { <0, 0.55, -0.2>, <0, 0.85, -0.2>, 0.012 texture { T_Chrome } }
    cone { <0, 0.8, -0.2>, 0.13, <0, 0.98, -0.2>, 0.09 open texture { pigment { rgbf <0.98, 0.95, 0.88, 0.3> } finish { diffuse 0.9 ambient 0 emission 0.5 } } }
    translate <-0.2 + S * 1.3, 0, D>
  }
#end
object { Frame(1.2, 0.55, <0.7, 0.6, 0.45>, <0.35, 0.45, 0.5>) translate <-0.2, 1.75, D - 0.035> }
object { Plant(1.1, <0.9, 0.88, 0.84>) translate <1.45, 0, 3.0> }
